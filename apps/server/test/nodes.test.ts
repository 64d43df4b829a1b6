import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type Presence, PRESENCE_BOUND_MS, RedisRegistry, SWEEP_MS } from '../src/sessions/nodes';
import { parseRedisNamespace } from '../src/config';
import { REDIS_URL } from './harness';

if (!REDIS_URL) console.warn('Node registry suite skipped: it needs REDIS_URL.');

/** One node of an install: a registry on its own Redis connection, noting what it is told. */
const node = (
  namespace: string,
  {
    onOrphan = async () => {},
    held = [],
  }: { onOrphan?: (presence: Presence) => Promise<void>; held?: Presence[] } = {},
) => {
  const redis = new Redis(REDIS_URL!);
  const orphaned: { presence: Presence; at: number; ok: boolean }[] = [];
  const swept: { nodeId: string; users: number }[] = [];
  const errors: string[] = [];
  let revived = 0;
  const revivedAt: number[] = [];
  const registry = new RedisRegistry(redis, namespace, {
    error: (_error, what) => errors.push(what),
    swept: (nodeId, users) => swept.push({ nodeId, users }),
  });
  registry.start({
    orphaned: async (presence) => {
      const noted = { presence, at: Date.now(), ok: false };
      orphaned.push(noted);
      await onOrphan(presence);
      noted.ok = true;
    },
    revived: async () => {
      revived++;
      revivedAt.push(Date.now());
    },
    held: () => held,
  });
  return { redis, registry, orphaned, swept, errors, revived: () => revived, revivedAt };
};

const until = async (done: () => boolean | Promise<boolean>, timeoutMs: number) => {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
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

  it("a dead node's users reach its install's live node within 10 s, never another install's; a failure is tried again at the next sweep, and a node that comes back says whom it holds", async () => {
    // Two installs (each its own database) on one Redis, as an operator may run them.
    const install = randomBytes(6).toString('hex');
    const other = randomBytes(6).toString('hex');
    const seated: Presence = { sessionId: 'belfry', userId: 'seated' };
    const watching: Presence = { sessionId: 'belfry', userId: 'watching' };
    const troubled: Presence = { sessionId: 'other', userId: 'troubled' };
    // The node that dies still holds the seated user when it comes back.
    const dying = node(install, { held: [seated] });
    const living = node(install, {
      onOrphan: async (presence) => {
        // Marking this user fails until the dead node is back (the database away, say).
        if (presence.userId === troubled.userId && dying.revived() === 0) throw new Error('the database went away');
      },
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
    // What an install keeps in Redis lapses 7 days after its last heartbeat (each one renews it).
    for (const key of [`belfry:${install}:nodes`, `belfry:${install}:node:${dying.registry.nodeId}:present`]) {
      expect(await living.redis.pttl(key)).toBeGreaterThan(6 * 24 * 3_600_000);
    }

    // The node loses Redis: its heartbeat stops.
    const diedAt = Date.now();
    dying.redis.disconnect();
    // Once back, the dying node sweeps too: what either node of the install marked counts.
    const marks = () => [...living.orphaned, ...dying.orphaned];
    const tries = () => marks().filter(({ presence }) => presence.userId === troubled.userId);
    await until(() => tries().length >= 2, PRESENCE_BOUND_MS + 5_000);
    expect(living.swept).toEqual([{ nodeId: dying.registry.nodeId, users: 3 }]);
    const after = [seated, watching].map(
      ({ userId }) => living.orphaned.find((o) => o.presence.userId === userId)!.at - diedAt,
    );
    console.log(`a dead node's users offline after ${after.join(', ')} ms; bound ${PRESENCE_BOUND_MS} ms`);
    for (const ms of after) expect(ms).toBeLessThanOrEqual(PRESENCE_BOUND_MS);
    // The failed user was tried again at the next sweep (2 s on), not when the claim lapsed (30 s).
    expect(tries()[1]!.at - tries()[0]!.at).toBeLessThan(2 * SWEEP_MS + 1_000);
    expect(living.errors[0]).toBe("marking 1 of a dead node's users offline");
    expect(await living.registry.elsewhere(seated)).toBe(false);

    // The node comes back while its troubled user is still being marked: it finds itself taken for
    // dead and says again whom it holds; the troubled user is marked at a later try all the same.
    await dying.redis.connect();
    await until(() => dying.revived() === 1, 3 * SWEEP_MS);
    expect(await living.registry.elsewhere(seated)).toBe(true);
    await until(() => tries().some(({ ok }) => ok), 20_000);
    // Nothing is left to mark.
    await until(async () => (await living.redis.hlen(`belfry:${install}:dead`)) === 0, 2_000);
    // Each user that went through was marked once.
    for (const userId of ['seated', 'watching', 'troubled']) {
      expect(marks().filter(({ presence, ok }) => presence.userId === userId && ok)).toHaveLength(1);
    }

    // The other install's node never heard of any of it.
    expect(stranger.orphaned).toEqual([]);
    expect(stranger.swept).toEqual([]);
    expect(stranger.errors).toEqual([]);
  }, 45_000);

  it('a node that comes back while a sweeper is still marking its users waits for that marking before saying they are online', async () => {
    const install = randomBytes(6).toString('hex');
    const slow: Presence = { sessionId: 'belfry', userId: 'slow' };
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const dying = node(install, { held: [slow] });
    // Marking the user takes as long as the test holds the gate (a slow database, say); it succeeds.
    const living = node(install, { onOrphan: () => gate });
    nodes.push(dying, living);
    await dying.registry.arrive(slow);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await living.registry.elsewhere(slow)).toBe(true);

    dying.redis.disconnect();
    await until(() => living.orphaned.length === 1, PRESENCE_BOUND_MS + 5_000);
    // Back while the sweeper is still at it: it must not say its user is online before the offline mark
    // is stored, or that mark would land after and leave a connected user offline.
    await dying.redis.connect();
    await new Promise((resolve) => setTimeout(resolve, 3 * SWEEP_MS));
    expect(dying.revived()).toBe(0);
    const openedAt = Date.now();
    open();
    await until(() => dying.revived() === 1, 3 * SWEEP_MS);
    expect(living.orphaned[0]!.ok).toBe(true);
    expect(dying.revivedAt[0]!).toBeGreaterThanOrEqual(openedAt);
    // It registered its user again after the sweeper was done with them.
    expect(await living.registry.elsewhere(slow)).toBe(true);
    expect(living.orphaned).toHaveLength(1);
  }, 30_000);
});

describe('REDIS_NAMESPACE', () => {
  it('takes letters, digits, _ and - up to 64; refuses what a channel pattern would read as a wildcard', () => {
    expect(parseRedisNamespace(undefined)).toBeUndefined();
    expect(parseRedisNamespace('')).toBeUndefined();
    expect(parseRedisNamespace('staging_2-b')).toBe('staging_2-b');
    expect(parseRedisNamespace('x'.repeat(64))).toBe('x'.repeat(64));
    for (const bad of ['live*', 'a?b', '[ab]', 'a:b', 'x'.repeat(65), 'two words']) {
      expect(() => parseRedisNamespace(bad)).toThrow(/REDIS_NAMESPACE/);
    }
  });
});
