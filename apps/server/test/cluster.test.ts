import net from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { PRESENCE_BOUND_MS } from '../src/sessions/nodes';
import {
  api,
  DATABASE_URL,
  freshDatabase,
  REDIS_URL,
  register,
  startTestServer,
  TestClient,
  testConfig,
} from './harness';

const enabled = !!DATABASE_URL && !!REDIS_URL;
if (!enabled) console.warn('Multi-node suite skipped: it needs both DATABASE_URL and REDIS_URL.');

describe.runIf(enabled)('two server nodes sharing PostgreSQL and Redis (DESIGN principle 4)', () => {
  let a: BelfryServer;
  let b: BelfryServer;
  let drop: () => Promise<void>;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    const db = await freshDatabase('postgres');
    drop = db.drop;
    // Socket rates lifted: the contention test sends 120 messages at once.
    a = await startTestServer(testConfig(db, { redisUrl: REDIS_URL, socketRateFactor: 100 }));
    b = await startTestServer(testConfig(db, { redisUrl: REDIS_URL, socketRateFactor: 100 }));
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await a.close();
    await b.close();
    await drop();
  });

  it('a claim made through one node reaches a viewer on the other', async () => {
    const st = await register(a, 'teller');
    const p = await register(a, 'player');
    await api(a, 'POST', '/backend/sessions', { name: 'cluster', seats: 4 }, st.accessToken);
    const onA = new TestClient(a.port, 'cluster', st.accessToken);
    const onB = new TestClient(b.port, 'cluster', p.accessToken);
    clients.push(onA, onB);
    await onA.until(() => true);
    await onB.until(() => true);
    expect((await onB.request('claimSeat', { index: 1 })).ok).toBe(true);
    await onA.until((v) => v.seats[1]?.id === p.user.id);
  });

  it('claims for the same seat through both nodes at once: exactly one wins', async () => {
    const st = await register(a, 'teller2');
    await a.db.kysely.updateTable('users').set({ level: 'patreon-townsfolk' }).where('id', '=', st.user.id).execute();
    const p1 = await register(a, 'player1');
    const p2 = await register(b, 'player2');
    await api(a, 'POST', '/backend/sessions', { name: 'race', seats: 3 }, st.accessToken);
    const c1 = new TestClient(a.port, 'race', p1.accessToken);
    const c2 = new TestClient(b.port, 'race', p2.accessToken);
    clients.push(c1, c2);
    await c1.until(() => true);
    await c2.until(() => true);
    const [r1, r2] = await Promise.all([c1.request('claimSeat', { index: 0 }), c2.request('claimSeat', { index: 0 })]);
    expect([r1.ok, r2.ok].filter(Boolean)).toHaveLength(1);
    const loser = r1.ok ? r2 : r1;
    expect(loser).toMatchObject({ ok: false, error: { code: 'seat_taken' } });
    const winner = r1.ok ? p1 : p2;
    await c1.until((v) => v.seats[0]?.id === winner.user.id);
    await c2.until((v) => v.seats[0]?.id === winner.user.id);
  });

  it('typing reaches a recipient connected to the other node (issue 16: ephemeral events cross nodes)', async () => {
    const st = await register(a, 'teller3');
    await a.db.kysely.updateTable('users').set({ level: 'patreon-townsfolk' }).where('id', '=', st.user.id).execute();
    const p1 = await register(a, 'typist');
    const p2 = await register(b, 'reader');
    await api(a, 'POST', '/backend/sessions', { name: 'typing', seats: 3 }, st.accessToken);
    const onA = new TestClient(a.port, 'typing', p1.accessToken);
    const onB = new TestClient(b.port, 'typing', p2.accessToken);
    clients.push(onA, onB);
    await onA.until(() => true);
    await onB.until(() => true);
    // Seated neighbours may whisper (spec 2 §5): the indicator goes where the message would.
    expect((await onA.request('claimSeat', { index: 0 })).ok).toBe(true);
    expect((await onB.request('claimSeat', { index: 1 })).ok).toBe(true);
    await onA.until((v) => v.seats[1]?.id === p2.user.id);
    const seen = new Promise((resolve) => onB.socket.on('textMessageIndicator', resolve));
    expect((await onA.request('textMessageIndicator', { recipientId: p2.user.id, length: 7 })).ok).toBe(true);
    await expect(seen).resolves.toEqual({ senderId: p1.user.id, recipientId: p2.user.id, length: 7 });
  });

  it('a user connected through both nodes stays online when one of the connections ends', async () => {
    const st = await register(a, 'teller4');
    await a.db.kysely.updateTable('users').set({ level: 'patreon-townsfolk' }).where('id', '=', st.user.id).execute();
    const twoTabs = await register(a, 'twotabs');
    await api(a, 'POST', '/backend/sessions', { name: 'tabs', seats: 3 }, st.accessToken);
    const watcher = new TestClient(a.port, 'tabs', st.accessToken);
    const tabA = new TestClient(a.port, 'tabs', twoTabs.accessToken);
    const tabB = new TestClient(b.port, 'tabs', twoTabs.accessToken);
    clients.push(watcher, tabA, tabB);
    for (const c of [watcher, tabA, tabB]) await c.until(() => true);
    await watcher.until((v) => v.users[twoTabs.user.id]?.isOnline === true);
    tabA.close();
    // Node A saw its last connection of the user go, but node B still holds one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(a.hub.state('tabs')!.users[twoTabs.user.id]!.isOnline).toBe(true);
    expect(watcher.view!.users[twoTabs.user.id]!.isOnline).toBe(true);
    tabB.close();
    await watcher.until((v) => v.users[twoTabs.user.id]?.isOnline === false);
  });

  it('a request sent again after its node died is applied once: the other node knows its id', async () => {
    const st = await register(a, 'teller5');
    await a.db.kysely.updateTable('users').set({ level: 'patreon-townsfolk' }).where('id', '=', st.user.id).execute();
    const p = await register(a, 'resender');
    await api(a, 'POST', '/backend/sessions', { name: 'resend', seats: 3 }, st.accessToken);
    const teller = new TestClient(a.port, 'resend', st.accessToken);
    const first = new TestClient(a.port, 'resend', p.accessToken);
    clients.push(teller, first);
    await teller.until(() => true);
    await first.until(() => true);
    const rid = 'c0ffee'.repeat(5);
    const message = { recipientId: st.user.id, message: 'Only once' };
    expect((await first.requestWithId('textMessage', message, rid)).ok).toBe(true);
    // The answer was lost with node a: the client reconnects (to node b) and sends it again.
    first.close();
    const again = new TestClient(b.port, 'resend', p.accessToken);
    clients.push(again);
    await again.until(() => true);
    expect((await again.requestWithId('textMessage', message, rid)).ok).toBe(true);
    // A new request (another id) with the same words is a new message.
    expect((await again.requestWithId('textMessage', message, 'beef'.repeat(8))).ok).toBe(true);
    const view = await teller.until((v) => v.chat.messages.filter((m) => m.message === 'Only once').length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(teller.view!.chat.messages.filter((m) => m.message === 'Only once')).toHaveLength(2);
    expect(view.chat.messages.length).toBeGreaterThan(0);
    const stored = await a.db.kysely
      .selectFrom('session_events')
      .select('version')
      .where('session_id', '=', 'resend')
      .where('request_id', '=', rid)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('120 messages at once through both nodes: every one applied once, none refused for contention', async () => {
    const st = await register(a, 'teller6');
    await a.db.kysely.updateTable('users').set({ level: 'patreon-townsfolk' }).where('id', '=', st.user.id).execute();
    await api(a, 'POST', '/backend/sessions', { name: 'contended', seats: 6 }, st.accessToken);
    const teller = new TestClient(a.port, 'contended', st.accessToken);
    clients.push(teller);
    await teller.until(() => true);
    const senders: TestClient[] = [];
    for (let i = 0; i < 6; i++) {
      const account = await register(i % 2 ? b : a, `contender${i}`);
      const client = new TestClient((i % 2 ? b : a).port, 'contended', account.accessToken);
      clients.push(client);
      senders.push(client);
      await client.until(() => true);
    }
    const acks = await Promise.all(
      senders.flatMap((client, i) =>
        Array.from({ length: 20 }, (_, n) =>
          client.request('textMessage', { recipientId: st.user.id, message: `sender ${i} message ${n}` }),
        ),
      ),
    );
    expect(acks.filter((ack) => !ack.ok)).toEqual([]);
    const view = await teller.until(
      (v) => v.chat.messages.filter((m) => m.message.startsWith('sender ')).length === 120,
    );
    expect(new Set(view.chat.messages.map((m) => m.message)).size).toBe(view.chat.messages.length);
    const events = await a.db.kysely
      .selectFrom('session_events')
      .select('intent')
      .where('session_id', '=', 'contended')
      .execute();
    const messages = events.filter((e) => (JSON.parse(e.intent) as { type: string }).type === 'textMessage');
    expect(messages).toHaveLength(120);
  });
});

/**
 * A TCP relay to Redis that the test can cut and mend: the node behind it loses Redis (its heartbeat,
 * the change announcements of the others) while its players' sockets stay, as in a network split.
 */
class RedisLink {
  private server = net.createServer((client) => this.accept(client));
  private pairs = new Set<net.Socket>();
  private open = true;
  port = 0;

  constructor(private readonly target: URL) {}

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  private accept(client: net.Socket) {
    if (!this.open) return client.destroy();
    const upstream = net.connect(Number(this.target.port || 6379), this.target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.pairs.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        this.pairs.delete(from);
        to.destroy();
      });
    }
  }

  /** Every connection through the link ends, and new ones are refused until mended. */
  cut(): void {
    this.open = false;
    for (const socket of this.pairs) socket.destroy();
  }

  mend(): void {
    this.open = true;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe.runIf(enabled)('a node that loses Redis for a while and comes back (issue 16)', () => {
  let a: BelfryServer;
  let b: BelfryServer;
  let link: RedisLink;
  let drop: () => Promise<void>;
  const clients: TestClient[] = [];
  /** What node a logged (warnings and errors). */
  const logs: string[] = [];

  beforeAll(async () => {
    const db = await freshDatabase('postgres');
    drop = db.drop;
    link = new RedisLink(new URL(REDIS_URL!));
    await link.start();
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line) logs.push((JSON.parse(line) as { msg: string }).msg);
    });
    a = await startTestServer(testConfig(db, { redisUrl: link.url, logLevel: 'warn' }), { logStream });
    b = await startTestServer(testConfig(db, { redisUrl: REDIS_URL }));
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    link.mend();
    await a.close();
    await b.close();
    await link.stop();
    await drop();
  });

  it("its users are marked offline by the other node, and online again once it is back, though it missed the other's news", async () => {
    const st = await register(b, 'keeper');
    await b.db.kysely.updateTable('users').set({ level: 'patreon-townsfolk' }).where('id', '=', st.user.id).execute();
    const player = await register(a, 'islander');
    await api(b, 'POST', '/backend/sessions', { name: 'island', seats: 5 }, st.accessToken);
    const watcher = new TestClient(b.port, 'island', st.accessToken);
    const cutOff = new TestClient(a.port, 'island', player.accessToken);
    clients.push(watcher, cutOff);
    await watcher.until((v) => v.users[player.user.id]?.isOnline === true);
    await cutOff.until(() => true);

    // Node a loses Redis: its heartbeat stops, so node b takes it for dead and marks its user offline.
    const cutAt = Date.now();
    link.cut();
    await watcher.until((v) => v.users[player.user.id]?.isOnline === false, PRESENCE_BOUND_MS + 5_000);
    console.log(`offline on node b ${Date.now() - cutAt} ms after node a lost Redis`);
    // Node a heard nothing of it (the announcement went while it was cut off): it still shows them online.
    expect(a.hub.state('island')!.users[player.user.id]!.isOnline).toBe(true);
    expect(cutOff.socket.connected).toBe(true);

    // Back on Redis, node a finds it was taken for dead, reads what it missed and says its user is online.
    const mendedAt = Date.now();
    link.mend();
    await watcher.until((v) => v.users[player.user.id]?.isOnline === true, 10_000);
    console.log(`online again ${Date.now() - mendedAt} ms after node a was back`);
    await cutOff.until((v) => v.users[player.user.id]?.isOnline === true);
    // The outage is in node a's log once per Redis client, not once per retry, and so is its end.
    const count = (msg: string) => logs.filter((m) => m === msg).length;
    for (let waited = 0; count('Redis reachable again') < 3 && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(count('Redis out of reach: retrying')).toBe(3);
    expect(count('Redis reachable again')).toBe(3);
    // And node b counts on node a again: the user leaving node a goes offline at once.
    cutOff.close();
    await watcher.until((v) => v.users[player.user.id]?.isOnline === false, 5_000);
  }, 40_000);
});
