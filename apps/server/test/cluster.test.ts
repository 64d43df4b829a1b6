import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
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
    a = await startTestServer(testConfig(db, { redisUrl: REDIS_URL }));
    b = await startTestServer(testConfig(db, { redisUrl: REDIS_URL }));
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
});
