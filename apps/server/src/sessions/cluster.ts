import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { type HubLinks, SessionHub } from './hub';
import { LocalRegistry, type NodeRegistry, RedisRegistry } from './nodes';
import type { SessionStore } from './store';

const CHANGED = 'belfry:session-changed';

/** The Socket.IO room of one user's sockets in one session, on every node (typing indicators). */
export const userRoom = (sessionId: string, userId: string): string => `user:${sessionId}\n${userId}`;

/** The Redis that the nodes of an install share, and the install's namespace in it. */
export interface SharedRedis {
  url: string;
  namespace: string;
}

export interface Cluster {
  hub: SessionHub;
  registry: NodeRegistry;
  /** Stops telling other nodes about changes (the node is going down). */
  quiet(): void;
  close(): Promise<void>;
}

/**
 * This node's session hub and what links it to the other nodes: with Redis, the Socket.IO adapter
 * (rooms and events across nodes), change announcements and the node registry (heartbeats, dead
 * nodes' users marked offline); alone, none of it.
 */
export const openCluster = async (
  io: Server,
  store: SessionStore,
  shared: SharedRedis | undefined,
  log: FastifyBaseLogger,
  media?: HubLinks['media'],
): Promise<Cluster> => {
  let redis: Redis[] = [];
  let registry: NodeRegistry = new LocalRegistry();
  let quiet = !shared;
  if (shared) {
    // Loaded only when used: a single node does not pay for the Redis client at start.
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
    const pub = new Redis(shared.url);
    const sub = pub.duplicate();
    const nodes = pub.duplicate();
    redis = [pub, sub, nodes];
    // ioredis retries by itself; without a listener each failed try would go to stderr, past the log.
    for (const [client, role] of [
      [pub, 'publisher'],
      [sub, 'subscriber'],
      [nodes, 'registry'],
    ] as const) {
      let down = false;
      client.on('error', (err: unknown) => {
        if (!down) log.error({ err, role }, 'Redis out of reach: retrying');
        down = true;
      });
      client.on('ready', () => {
        if (down) log.warn({ role }, 'Redis reachable again');
        down = false;
      });
    }
    // The adapter's channels carry session rooms, whose codes another install may use too.
    io.adapter(createAdapter(pub, sub, { key: `belfry:${shared.namespace}:socket.io` }));
    registry = new RedisRegistry(nodes, shared.namespace, {
      error: (err, what) => log.error({ err }, `${what} failed`),
      swept: (node, users) => log.warn({ node, users }, 'a node stopped answering: its users were marked offline'),
    });
  }
  const hub = new SessionHub(store, log, {
    announce: (sessionId, version) => {
      if (!quiet) io.serverSideEmit(CHANGED, sessionId, version);
    },
    deliver: (sessionId, userIds, event, payload) =>
      io.to(userIds.map((userId) => userRoom(sessionId, userId))).emit(event, payload),
    registry,
    media,
  });
  io.on(CHANGED, (sessionId: string, version: number) => void hub.changedElsewhere(sessionId, version));
  registry.start({
    orphaned: (presence) => hub.markOffline(presence),
    revived: () => hub.reassert(),
    held: () => hub.held(),
  });
  const settling = shared ? Promise.resolve() : settleAfterCrash(store, hub, log);
  return {
    hub,
    registry,
    quiet: () => {
      quiet = true;
    },
    async close() {
      await settling;
      await registry.stop().catch(() => undefined);
      await Promise.all(redis.map((client) => client.quit().catch(() => undefined)));
    },
  };
};

/**
 * A single node that starts holds no connection yet: whoever the stored sessions still show online was
 * left so by a crash (a clean stop marks everyone offline). Those who reconnect meanwhile stay online.
 */
const settleAfterCrash = async (store: SessionStore, hub: SessionHub, log: FastifyBaseLogger): Promise<void> => {
  try {
    for (const state of await store.all(10_000)) {
      for (const user of Object.values(state.users)) {
        if (user.isOnline) await hub.markOffline({ sessionId: state.sessionId, userId: user.id });
      }
    }
  } catch (err) {
    log.error({ err }, 'settling presence after a restart failed');
  }
};
