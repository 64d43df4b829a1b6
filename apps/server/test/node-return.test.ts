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
if (!enabled) console.warn('Node return suite skipped: it needs both DATABASE_URL and REDIS_URL.');

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
