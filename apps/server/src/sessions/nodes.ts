import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** One user of one session, connected to a node. */
export interface Presence {
  sessionId: string;
  userId: string;
}

/** A node renews its heartbeat this often... */
export const HEARTBEAT_MS = 2_000;
/** ...and counts as dead once it has not for this long. */
export const NODE_TTL_MS = 6_000;
/** How often a node looks for dead ones. */
export const SWEEP_MS = 2_000;
/** A sweeper's claim on a dead node lapses after this, should the sweeper die too. */
const SWEEP_CLAIM_MS = 30_000;
/** A dead node's records wait this long for a live node of its install to sweep them. */
const RECORDS_TTL_MS = 24 * 3_600_000;
/** A dead node's users are offline within this (TTL + one sweep + the commit), stated in README. */
export const PRESENCE_BOUND_MS = 10_000;

export interface RegistryEvents {
  /** A dead node's user: offline now, unless connected somewhere else. */
  orphaned: (presence: Presence) => Promise<void>;
  /** This node was taken for dead (a long stall) and swept: what it still holds must be said again. */
  revived: () => Promise<void>;
  /** What this node holds now (to register again after a sweep). */
  held: () => Presence[];
}

/**
 * Which users each node holds connections for. A node that dies without a word (SIGKILL, a lost
 * machine) leaves its users online in the stored sessions: the other nodes see its heartbeat end and
 * mark them offline; and a user who leaves one node while still connected to another stays online.
 */
export interface NodeRegistry {
  readonly nodeId: string;
  /** The first connection of a user to a session on this node. */
  arrive(presence: Presence): Promise<void>;
  /** The last one has gone. */
  leave(presence: Presence): Promise<void>;
  /** Whether another live node holds a connection of this user to this session. */
  elsewhere(presence: Presence): Promise<boolean>;
  /** Sessions someone is connected to on another live node (kept by the idle sweep). */
  inUseElsewhere(): Promise<Set<string>>;
  start(events: RegistryEvents): void;
  stop(): Promise<void>;
}

/** A single node: nothing else holds anyone. */
export class LocalRegistry implements NodeRegistry {
  readonly nodeId = 'local';
  async arrive(): Promise<void> {}
  async leave(): Promise<void> {}
  async elsewhere(): Promise<boolean> {
    return false;
  }
  async inUseElsewhere(): Promise<Set<string>> {
    return new Set();
  }
  start(): void {}
  async stop(): Promise<void> {}
}

/**
 * The registry's keys, under the install's namespace: installs (each with its own database) that share
 * one Redis never see each other's nodes, so one cannot sweep another's dead node and find none of its
 * sessions.
 */
const keysOf = (namespace: string) => {
  const base = `belfry:${namespace}:`;
  return {
    nodes: `${base}nodes`,
    alive: (id: string) => `${base}node:${id}:alive`,
    present: (id: string) => `${base}node:${id}:present`,
    sweep: (id: string) => `${base}node:${id}:sweep`,
  };
};
// Session codes and user ids never hold a line break.
const memberOf = ({ sessionId, userId }: Presence) => `${sessionId}\n${userId}`;
const presenceOf = (member: string): Presence | null => {
  const cut = member.indexOf('\n');
  return cut > 0 ? { sessionId: member.slice(0, cut), userId: member.slice(cut + 1) } : null;
};

/** What the registry reports: failures, and each dead node it swept (an operator wants to know). */
export interface RegistryLog {
  error: (error: unknown, what: string) => void;
  swept: (nodeId: string, users: number) => void;
}

/** Nodes sharing Redis: heartbeats with a time to live, and a set of presences per node. */
export class RedisRegistry implements NodeRegistry {
  readonly nodeId = randomUUID();
  private beat: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private events: RegistryEvents | null = null;
  private beaten = false;
  private sweeping = false;

  private readonly keys: ReturnType<typeof keysOf>;

  /** `namespace`: the install's own (the same on every node that shares its database). */
  constructor(
    private readonly redis: Redis,
    namespace: string,
    private readonly log: RegistryLog,
  ) {
    this.keys = keysOf(namespace);
  }

  async arrive(presence: Presence): Promise<void> {
    await this.redis.sadd(this.keys.present(this.nodeId), memberOf(presence));
  }

  async leave(presence: Presence): Promise<void> {
    await this.redis.srem(this.keys.present(this.nodeId), memberOf(presence));
  }

  async elsewhere(presence: Presence): Promise<boolean> {
    const others = await this.liveOthers();
    if (others.length === 0) return false;
    const pipeline = this.redis.pipeline();
    for (const id of others) pipeline.sismember(this.keys.present(id), memberOf(presence));
    const answers = (await pipeline.exec()) ?? [];
    return answers.some(([error, found]) => !error && found === 1);
  }

  async inUseElsewhere(): Promise<Set<string>> {
    const sessions = new Set<string>();
    for (const id of await this.liveOthers()) {
      for (const member of await this.redis.smembers(this.keys.present(id))) {
        const presence = presenceOf(member);
        if (presence) sessions.add(presence.sessionId);
      }
    }
    return sessions;
  }

  start(events: RegistryEvents): void {
    this.events = events;
    const guard = (what: string, task: () => Promise<void>) => () =>
      void task().catch((error: unknown) => this.log.error(error, what));
    void guard('heartbeat', () => this.heartbeat())();
    this.beat = setInterval(
      guard('heartbeat', () => this.heartbeat()),
      HEARTBEAT_MS,
    );
    this.sweep = setInterval(
      guard('node sweep', () => this.sweepDead()),
      SWEEP_MS,
    );
    this.beat.unref();
    this.sweep.unref();
  }

  /** A clean stop: this node's users were marked offline as its sockets closed. */
  async stop(): Promise<void> {
    if (this.beat) clearInterval(this.beat);
    if (this.sweep) clearInterval(this.sweep);
    await this.redis
      .multi()
      .del(this.keys.alive(this.nodeId), this.keys.present(this.nodeId))
      .srem(this.keys.nodes, this.nodeId)
      .exec();
  }

  private async heartbeat(): Promise<void> {
    const answers = await this.redis
      .multi()
      .set(this.keys.alive(this.nodeId), String(Date.now()), 'PX', NODE_TTL_MS)
      .sadd(this.keys.nodes, this.nodeId)
      // Kept while a node of the install lives, so that an install gone for good leaves nothing behind.
      .pexpire(this.keys.nodes, RECORDS_TTL_MS)
      .pexpire(this.keys.present(this.nodeId), RECORDS_TTL_MS)
      .exec();
    const added = answers?.[1]?.[1] === 1;
    const wasSwept = added && this.beaten;
    this.beaten = true;
    if (wasSwept && this.events) {
      const held = this.events.held();
      if (held.length > 0) await this.redis.sadd(this.keys.present(this.nodeId), ...held.map(memberOf));
      await this.events.revived();
    }
  }

  private async liveOthers(): Promise<string[]> {
    const ids = (await this.redis.smembers(this.keys.nodes)).filter((id) => id !== this.nodeId);
    if (ids.length === 0) return [];
    const alive = await this.redis.mget(ids.map(this.keys.alive));
    return ids.filter((_, i) => alive[i] !== null);
  }

  /**
   * One node takes each dead one in turn: its users are marked offline, then its records go. A user
   * whose marking fails stays in the dead node's set and the claim is let go, so the next sweep (2 s
   * on, by any node) tries again; a claim held by a sweeper that died lapses after 30 s.
   */
  private async sweepDead(): Promise<void> {
    if (this.sweeping || !this.events) return;
    this.sweeping = true;
    try {
      const ids = (await this.redis.smembers(this.keys.nodes)).filter((id) => id !== this.nodeId);
      if (ids.length === 0) return;
      const alive = await this.redis.mget(ids.map(this.keys.alive));
      for (const [i, id] of ids.entries()) {
        if (alive[i] !== null) continue;
        const claimed = await this.redis.set(this.keys.sweep(id), this.nodeId, 'PX', SWEEP_CLAIM_MS, 'NX');
        if (claimed !== 'OK') continue;
        const members = await this.redis.smembers(this.keys.present(id));
        let failed = 0;
        for (const member of members) {
          const presence = presenceOf(member);
          try {
            if (presence) await this.events.orphaned(presence);
            await this.redis.srem(this.keys.present(id), member);
          } catch (error) {
            failed++;
            this.log.error(error, "marking a dead node's user offline");
          }
        }
        if (failed > 0) {
          await this.redis.del(this.keys.sweep(id));
          continue;
        }
        await this.redis.multi().del(this.keys.present(id), this.keys.sweep(id)).srem(this.keys.nodes, id).exec();
        this.log.swept(id, members.length);
      }
    } finally {
      this.sweeping = false;
    }
  }
}
