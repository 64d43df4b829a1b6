import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type Presence, PRESENCE_BOUND_MS, RedisRegistry, SWEEP_MS } from '../src/sessions/nodes';
import { REDIS_URL } from './harness';

if (!REDIS_URL) console.warn('Node registry suite skipped: it needs REDIS_URL.');

/** One node of an install: a registry on its own Redis connection, noting what it is told. */
const node = (namespace: string, onOrphan: (presence: Presence) => Promise<void> = async () => {}) => {
  const redis = new Redis(REDIS_URL!);
  const orphaned: { presence: Presence; at: number }[] = [];
  const swept: { nodeId: string; users: number }[] = [];
  const errors: string[] = [];
  const registry = new RedisRegistry(redis, namespace, {
    error: (_error, what) => errors.push(what),
    swept: (nodeId, users) => swept.push({ nodeId, users }),
  });
  registry.start({
    orphaned: async (presence) => {
      orphaned.push({ presence, at: Date.now() });
      await onOrphan(presence);
    },
    revived: async () => {},
    held: () => [],
  });
  return { redis, registry, orphaned, swept, errors };
};

const until = async (done: () => boolean, timeoutMs: number) => {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe.runIf(!!REDIS_URL)("the node registry on Redis (issue 16: a dead node's users go offline)", () => {
  const nodes: ReturnType<typeof node>[] = [];
  afterAll(async () => {
    for (const { registry, redis } of nodes) {
      await registry.stop().catch(() => undefined);
      redis.disconnect();
    }
  });

  it("a dead node's users reach its install's live node within 10 s, never another install's; one that fails is tried again at the next sweep", async () => {
    // Two installs (each its own database) on one Redis, as an operator may run them.
    const install = randomBytes(6).toString('hex');
    const other = randomBytes(6).toString('hex');
    const seated: Presence = { sessionId: 'belfry', userId: 'seated' };
    const watching: Presence = { sessionId: 'belfry', userId: 'watching' };
    const troubled: Presence = { sessionId: 'other', userId: 'troubled' };
    let failures = 1;
    const dying = node(install);
    const living = node(install, async (presence) => {
      // The first attempt for this user fails (a database hiccup, say).
      if (presence.userId === troubled.userId && failures-- > 0) throw new Error('the database went away');
    });
    const stranger = node(other);
    nodes.push(dying, living, stranger);
    for (const presence of [seated, watching, troubled]) await dying.registry.arrive(presence);
    // The same session code and user held on the other install's node: nothing to do with these.
    await stranger.registry.arrive(seated);

    // Each node's first heartbeat is on its way at start; once they have landed, each install sees its own.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await living.registry.elsewhere(seated)).toBe(true);
    expect(await stranger.registry.elsewhere(seated)).toBe(false);
    expect(await living.registry.inUseElsewhere()).toEqual(new Set(['belfry', 'other']));
    expect(await stranger.registry.inUseElsewhere()).toEqual(new Set());
    // What an install keeps in Redis lapses a day after its last node is gone (renewed by each heartbeat).
    expect(await living.redis.pttl(`belfry:${install}:nodes`)).toBeGreaterThan(23 * 3_600_000);

    // The node loses Redis for good: its heartbeat stops.
    const diedAt = Date.now();
    dying.redis.disconnect();
    await until(() => living.swept.length > 0, PRESENCE_BOUND_MS + 5_000);
    const firstTry = (userId: string) => living.orphaned.find(({ presence }) => presence.userId === userId)!.at;
    expect(new Set(living.orphaned.map(({ presence }) => presence.userId))).toEqual(
      new Set(['seated', 'troubled', 'watching']),
    );
    const after = [seated, watching].map(({ userId }) => firstTry(userId) - diedAt);
    console.log(`a dead node's users offline after ${after.join(', ')} ms; bound ${PRESENCE_BOUND_MS} ms`);
    for (const ms of after) expect(ms).toBeLessThanOrEqual(PRESENCE_BOUND_MS);

    // The failed user was tried again at the next sweep, not when the claim lapsed (30 s).
    const tries = living.orphaned.filter(({ presence }) => presence.userId === troubled.userId);
    expect(tries).toHaveLength(2);
    expect(tries[1]!.at - tries[0]!.at).toBeLessThan(2 * SWEEP_MS + 1_000);
    expect(living.errors).toEqual(["marking a dead node's user offline"]);
    // The users that went through were not marked twice; the node is gone from the registry.
    expect(living.orphaned.filter(({ presence }) => presence.userId === seated.userId)).toHaveLength(1);
    expect(living.swept).toEqual([{ nodeId: dying.registry.nodeId, users: 1 }]);
    expect(await living.registry.elsewhere(seated)).toBe(false);

    // The other install's node never heard of them.
    expect(stranger.orphaned).toEqual([]);
    expect(stranger.swept).toEqual([]);
    expect(stranger.errors).toEqual([]);
  }, 30_000);
});
