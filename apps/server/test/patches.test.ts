import { view, type SessionView } from '@belfry/engine';
import type { AuthTokens } from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { api, freshDatabase, register, startTestServer, TestClient, testConfig } from './harness';

const imp = { id: 'imp', name: 'Imp', team: 'demon' };
const chef = { id: 'chef', name: 'Chef', team: 'townsfolk' };
const monk = { id: 'monk', name: 'Monk', team: 'townsfolk' };

/**
 * The server diffs each part of a view once per broadcast and shares the operations between the viewers
 * holding the same part (sessions/fanout.ts). Whatever they share or not, every viewer's patched view
 * must stay exactly the view the engine builds for them: checked after each step of a game in which
 * the viewers differ (own roles, whispers, a secret vote, the Storyteller's grimoire, a spectator).
 */
describe('patches keep every viewer on their own view (issue 16)', () => {
  let server: BelfryServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const people: AuthTokens[] = [];
  const clients: TestClient[] = [];

  beforeAll(async () => {
    db = await freshDatabase('sqlite');
    server = await startTestServer(testConfig(db));
    for (const name of ['teller', 'anna', 'boris', 'clara', 'watcher']) people.push(await register(server, name));
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await db.drop();
  });

  it('after every step, each socket holds what view() gives its user', async () => {
    await api(server, 'POST', '/backend/sessions', { name: 'patches', seats: 3 }, people[0]!.accessToken);
    for (const tokens of people) clients.push(new TestClient(server.port, 'patches', tokens.accessToken));
    const [st, a, b, c, spectator] = clients as [TestClient, TestClient, TestClient, TestClient, TestClient];
    for (const client of clients) await client.until(() => true);

    let steps = 0;
    const same = async () => {
      steps++;
      const state = server.hub.state('patches')!;
      for (const client of clients) {
        const expected: SessionView = { ...view(state, client.view!.viewer.id), version: 0 };
        await client.until((v) => JSON.stringify({ ...v, version: 0 }) === JSON.stringify(expected), 3000);
      }
    };
    const ok = async (client: TestClient, event: string, payload: unknown) => {
      expect(await client.request(event, payload)).toMatchObject({ ok: true });
      await same();
    };

    await ok(a, 'claimSeat', { index: 0 });
    await ok(b, 'claimSeat', { index: 1 });
    await ok(c, 'claimSeat', { index: 2 });
    await ok(st, 'startGame', {});
    await a.until((v) => v.hook === null, 5000);
    await same();
    const roles = [
      { role: imp, alignment: 'e' },
      { role: chef, alignment: 'g' },
      { role: monk, alignment: 'g' },
    ];
    await ok(st, 'distributeRoles', { roles });
    await ok(a, 'textMessage', { recipientId: '', message: 'hello table' });
    await ok(a, 'textMessage', { recipientId: b.view!.viewer.id, message: 'a secret for boris' });
    await ok(spectator, 'textMessage', { recipientId: 'spectator', message: 'from the gallery' });
    await ok(st, 'toggleNight', {});
    await ok(st, 'toggleNight', {});
    await ok(st, 'nomination', { nominator: 0, nominee: 2 });
    await ok(st, 'voteControl', { action: 'start' });
    await ok(b, 'vote', { index: 1, value: 1, at: Date.now() });
    await ok(st, 'voteControl', { action: 'finish' });
    expect(steps).toBe(15);
    // Every step reached every socket as a patch that fit the view it held: none had to ask again.
    expect(clients.map((client) => client.fullViews)).toEqual(clients.map(() => 1));
    // The viewers did not all see the same thing: the check above compared different views.
    expect(a.view!.seats[0]!.role?.id).toBe('imp');
    expect(b.view!.seats[0]!.role).toBeNull();
    expect(c.view!.chat.messages.find((m) => m.senderId === a.view!.viewer.id && m.recipientId !== '')?.message).toBe(
      '',
    );
  });
});
