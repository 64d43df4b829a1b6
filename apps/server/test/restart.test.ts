import { afterAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import {
  api,
  DIALECTS,
  freshDatabase,
  register,
  startTestServer,
  storedState,
  TestClient,
  testConfig,
} from './harness';

describe.each(DIALECTS)('restart (%s): DESIGN principle 3, an acknowledged action is durable', (dialect) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('a new server process on the same database resumes the session with every acknowledged claim', async () => {
    const db = await freshDatabase(dialect);
    cleanup.push(db.drop);
    const first: BelfryServer = await startTestServer(testConfig(db));
    const st = await register(first, 'teller');
    const players = [
      await register(first, 'player1'),
      await register(first, 'player2'),
      await register(first, 'player3'),
    ];
    await api(first, 'POST', '/backend/sessions', { name: 'durable', seats: 6 }, st.accessToken);

    const clients = players.map((p) => new TestClient(first.port, 'durable', p.accessToken));
    await Promise.all(clients.map((c) => c.until(() => true)));
    // Fire the claims together; every one that was acknowledged must survive.
    const acks = await Promise.all(clients.map((c, i) => c.request('claimSeat', { index: i * 2 })));
    expect(acks.every((a) => a.ok)).toBe(true);
    await first.close();

    const second = await startTestServer(testConfig(db));
    cleanup.push(() => second.close());
    const again = new TestClient(second.port, 'durable', players[0]!.accessToken);
    const view = await again.until(() => true);
    expect(view.seats.map((s) => s.id)).toEqual([
      players[0]!.user.id,
      '',
      players[1]!.user.id,
      '',
      players[2]!.user.id,
      '',
    ]);
    again.close();
  });

  it('a crash leaves the events since the last snapshot: they rebuild exactly the acknowledged state (issue 16)', async () => {
    const db = await freshDatabase(dialect);
    cleanup.push(db.drop);
    // Rates lifted: 250 intents from one player in a row.
    const server: BelfryServer = await startTestServer(testConfig(db, { socketRateFactor: 100 }));
    cleanup.push(() => server.close());
    const st = await register(server, 'teller');
    const player = await register(server, 'claimer');
    await api(server, 'POST', '/backend/sessions', { name: 'replayed', seats: 3 }, st.accessToken);
    const client = new TestClient(server.port, 'replayed', player.accessToken);
    await client.until(() => true);
    for (let i = 0; i < 250; i++) {
      expect((await client.request('claimSeat', { index: i % 2 === 0 ? i % 3 : -1 })).ok).toBe(true);
    }
    const live = server.hub.state('replayed')!;
    // Crossing versions 100 and 200 wrote snapshots; each dropped the events before the one before it, so
    // the last 100 before the snapshot stay (to recognise a retried request) and all after it.
    const snapshot = await server.db.kysely
      .selectFrom('sessions')
      .select('version')
      .where('id', '=', 'replayed')
      .executeTakeFirstOrThrow();
    expect(live.version).toBeGreaterThan(200);
    expect(snapshot.version).toBe(200);
    const events = await server.db.kysely
      .selectFrom('session_events')
      .select('version')
      .where('session_id', '=', 'replayed')
      .execute();
    expect(events.map((e) => e.version)).toEqual(Array.from({ length: live.version - 100 }, (_, i) => 101 + i));
    // What another process would load now (the server has not stopped, so nothing was written on exit).
    const loaded = await storedState(server, 'replayed');
    expect(loaded).toEqual(live);
    client.close();
  });
});
