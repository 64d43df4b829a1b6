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
/**
 * A dead node's records wait this long for a live node of its install to sweep them: far longer than
 * sessions are kept idle (12 h by default), so an install down for good leaves nothing in Redis, and
 * one that comes back finds its sessions either gone or its records still there.
 */
const RECORDS_TTL_MS = 7 * 24 * 3_600_000;
/** Marking a dead node's users offline that failed is tried again after 2 s, 4 s, … up to a minute. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;
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
    /** A dead node's users not yet marked offline. */
    orphans: (id: string) => `${base}node:${id}:orphans`,
    /** Dead nodes with users left to mark: failed passes and when to try again ("2:1764400000000"). */
    dead: `${base}dead`,
  };
};
// Session codes and user ids never hold a line break.
const memberOf = ({ sessionId, userId }: Presence) => `${sessionId}\n${userId}`;
const presenceOf = (member: string): Presence | null => {
  const cut = member.indexOf('\n');
  return cut > 0 ? { sessionId: member.slice(0, cut), userId: member.slice(cut + 1) } : null;
};

/** What the registry reports: failures, and each dead node it took (an operator wants to know). */
export interface RegistryLog {
  error: (error: unknown, what: string) => void;
  swept: (nodeId: string, users: number) => void;
}

// Lets a claim go, or keeps it longer, only if it is still this node's: one that lapsed may be another
// sweeper's by now.
const RELEASE_IF_MINE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
const RENEW_IF_MINE =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";
/**
 * Takes a dead node out of the registry and sets its users aside, in one step and only if its heartbeat
 * is still missing (a node that beat again since it was looked at stays). Answers how many users were
 * set aside, or -1 when there was nothing to take.
 * KEYS: alive, nodes, present, orphans, dead; ARGV: node id, records' time to live.
 */
const TAKE_DEAD = `
if redis.call('exists', KEYS[1]) == 1 then return -1 end
if redis.call('srem', KEYS[2], ARGV[1]) == 0 then return -1 end
local users = redis.call('sunionstore', KEYS[4], KEYS[4], KEYS[3])
redis.call('del', KEYS[3])
redis.call('pexpire', KEYS[4], ARGV[2])
redis.call('hsetnx', KEYS[5], ARGV[1], '0:0')
redis.call('pexpire', KEYS[5], ARGV[2])
return users`;

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
    await this.hold([presence]);
  }

  /** Adds to this node's set, which lapses only if this node stops renewing it. */
  private async hold(presences: Presence[]): Promise<void> {
    const key = this.keys.present(this.nodeId);
    await this.redis
      .multi()
      .sadd(key, ...presences.map(memberOf))
      .pexpire(key, RECORDS_TTL_MS)
      .exec();
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
      // Renewed while a node of the install lives, so that an install gone for good leaves nothing behind.
      .pexpire(this.keys.nodes, RECORDS_TTL_MS)
      .pexpire(this.keys.present(this.nodeId), RECORDS_TTL_MS)
      .pexpire(this.keys.dead, RECORDS_TTL_MS)
      .exec();
    const added = answers?.[1]?.[1] === 1;
    const wasSwept = added && this.beaten;
    this.beaten = true;
    if (wasSwept && this.events) await this.rejoin(this.events);
  }

  /**
   * This node was taken for dead (a long stall, Redis out of reach). A sweeper marking its users
   * offline finishes first (the claim on this node), so that what it commits comes before they are
   * said to be online again; those still held leave the users set aside, and the hub says they are
   * online.
   */
  private async rejoin(events: RegistryEvents): Promise<void> {
    const giveUpAt = Date.now() + SWEEP_CLAIM_MS;
    let claimed = await this.claim(this.nodeId);
    while (!claimed && Date.now() < giveUpAt) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      claimed = await this.claim(this.nodeId);
    }
    try {
      const held = events.held();
      if (held.length > 0) {
        await this.hold(held);
        await this.redis.srem(this.keys.orphans(this.nodeId), ...held.map(memberOf));
        // One who left while this ran (their leave may have come before the line above): not held.
        const still = new Set(events.held().map(memberOf));
        const gone = held.map(memberOf).filter((member) => !still.has(member));
        if (gone.length > 0) await this.redis.srem(this.keys.present(this.nodeId), ...gone);
      }
    } finally {
      if (claimed) await this.release(this.nodeId);
    }
    await events.revived();
  }

  /** The install's other nodes, each with whether its heartbeat is current. */
  private async others(): Promise<{ id: string; alive: boolean }[]> {
    const ids = (await this.redis.smembers(this.keys.nodes)).filter((id) => id !== this.nodeId);
    if (ids.length === 0) return [];
    const alive = await this.redis.mget(ids.map(this.keys.alive));
    return ids.map((id, i) => ({ id, alive: alive[i] !== null }));
  }

  private async liveOthers(): Promise<string[]> {
    return (await this.others()).filter(({ alive }) => alive).map(({ id }) => id);
  }

  private async sweepDead(): Promise<void> {
    if (this.sweeping || !this.events) return;
    this.sweeping = true;
    try {
      await this.takeDead();
      const dead = await this.redis.hgetall(this.keys.dead);
      for (const [id, retry] of Object.entries(dead)) await this.settle(id, this.events, retry);
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * A node whose heartbeat ran out leaves the registry at once, its users set aside to be marked
   * offline: should it come back, its next heartbeat finds it gone and it says again whom it holds.
   */
  private async takeDead(): Promise<void> {
    for (const { id, alive } of await this.others()) {
      if (alive) continue;
      const keys = [this.keys.alive(id), this.keys.nodes, this.keys.present(id), this.keys.orphans(id), this.keys.dead];
      const users = Number(await this.redis.eval(TAKE_DEAD, keys.length, ...keys, id, RECORDS_TTL_MS));
      if (users >= 0) this.log.swept(id, users);
    }
  }

  /** Marks a dead node's users offline; those that fail are tried again later, by whichever node. */
  private async settle(id: string, events: RegistryEvents, retry: string): Promise<void> {
    const [failedPasses = 0, nextAt = 0] = retry.split(':').map(Number);
    // Half a sweep early counts as due: the passes' own times vary by a few milliseconds.
    const startedAt = Date.now();
    if (startedAt < nextAt - SWEEP_MS / 2 || !(await this.claim(id))) return;
    try {
      let failed = 0;
      let firstError: unknown;
      for (const member of await this.redis.smembers(this.keys.orphans(id))) {
        const presence = presenceOf(member);
        try {
          if (presence) await events.orphaned(presence);
          await this.redis.srem(this.keys.orphans(id), member);
        } catch (error) {
          failed++;
          firstError ??= error;
        }
        // A long pass (many users, a slow database) keeps its claim, or another node would start over.
        await this.redis.eval(RENEW_IF_MINE, 1, this.keys.sweep(id), this.nodeId, SWEEP_CLAIM_MS);
      }
      if (failed === 0) {
        await this.redis.multi().del(this.keys.orphans(id)).hdel(this.keys.dead, id).exec();
        return;
      }
      this.log.error(firstError, `marking ${failed} of a dead node's users offline`);
      const wait = Math.min(RETRY_FIRST_MS * 2 ** failedPasses, RETRY_MAX_MS);
      await this.redis.hset(this.keys.dead, id, `${failedPasses + 1}:${startedAt + wait}`);
    } finally {
      await this.release(id);
    }
  }

  /** One node at a time marks a dead node's users (and the node itself, come back, waits for it). */
  private async claim(id: string): Promise<boolean> {
    return (await this.redis.set(this.keys.sweep(id), this.nodeId, 'PX', SWEEP_CLAIM_MS, 'NX')) === 'OK';
  }

  private async release(id: string): Promise<void> {
    await this.redis.eval(RELEASE_IF_MINE, 1, this.keys.sweep(id), this.nodeId);
  }
}
