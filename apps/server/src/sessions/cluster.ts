import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { type HubLinks, SessionHub } from './hub';
import { LocalRegistry, type NodeRegistry, RedisRegistry } from './nodes';
import type { SessionStore } from './store';

const CHANGED = 'belfry:session-changed';

/** The Socket.IO room of one user's sockets in one session, on every node (typing indicators). */
export const userRoom = (sessionId: string, userId: string): string => `user:${sessionId}\n${userId}`;

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
  redisUrl: string | undefined,
  log: FastifyBaseLogger,
  media?: HubLinks['media'],
): Promise<Cluster> => {
  let redis: Redis[] = [];
  let registry: NodeRegistry = new LocalRegistry();
  let quiet = !redisUrl;
  if (redisUrl) {
    // Loaded only when used: a single node does not pay for the Redis client at start.
    const [{ Redis }, { createAdapter }] = await Promise.all([import('ioredis'), import('@socket.io/redis-adapter')]);
    const pub = new Redis(redisUrl);
    const sub = pub.duplicate();
    const nodes = pub.duplicate();
    redis = [pub, sub, nodes];
    io.adapter(createAdapter(pub, sub));
    registry = new RedisRegistry(nodes, (err, what) => log.error({ err }, `${what} failed`));
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
  const settling = redisUrl ? Promise.resolve() : settleAfterCrash(store, hub, log);
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
