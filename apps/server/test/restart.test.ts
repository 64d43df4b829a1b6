import { afterAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { api, DIALECTS, freshDatabase, register, startTestServer, TestClient, testConfig } from './harness';

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
});
