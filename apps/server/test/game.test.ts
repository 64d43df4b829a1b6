import { DISTRIBUTE_ROLES_HOOK_MS, REVEAL_END_DELAY_MS, REVEAL_STEP_SLOW_MS } from '@belfry/engine';
import type { AuthTokens } from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { api, DIALECTS, freshDatabase, register, startTestServer, TestClient, testConfig } from './harness';

const imp = { id: 'imp', name: 'Imp', team: 'demon' };
const chef = { id: 'chef', name: 'Chef', team: 'townsfolk' };

describe.each(DIALECTS)('the game over Socket.IO (%s; issue 5)', (dialect) => {
  let server: BelfryServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let storyteller: AuthTokens;
  let alice: AuthTokens;
  let bob: AuthTokens;
  const clients: TestClient[] = [];
  const connect = (id: string, tokens: AuthTokens, on = server) => {
    const client = new TestClient(on.port, id, tokens.accessToken);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    server = await startTestServer(testConfig(db));
    storyteller = await register(server, 'storyteller');
    alice = await register(server, 'alice');
    bob = await register(server, 'bobby');
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await db.drop();
  });

  const table = async (name: string) => {
    await api(server, 'POST', '/backend/sessions', { name, seats: 3 }, storyteller.accessToken);
    const st = connect(name, storyteller);
    const a = connect(name, alice);
    const b = connect(name, bob);
    await a.until(() => true);
    await b.until(() => true);
    expect((await a.request('claimSeat', { index: 0 })).ok).toBe(true);
    expect((await b.request('claimSeat', { index: 1 })).ok).toBe(true);
    return { st, a, b };
  };

  it('start, hand out roles: each player receives only their own; the server ends the 1.5 s hook by itself', async () => {
    const { st, a, b } = await table('flow');
    expect((await a.request('startGame', {})).ok).toBe(false);
    const started = Date.now();
    expect((await st.request('startGame', {})).ok).toBe(true);
    await a.until((v) => v.hook?.name === 'distribute-roles');
    await a.until((v) => v.hook === null, 5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(DISTRIBUTE_ROLES_HOOK_MS - 50);

    const roles = [
      { role: imp, alignment: 'e' },
      { role: chef, alignment: 'g' },
      { role: null, alignment: null },
    ];
    expect((await st.request('distributeRoles', { roles })).ok).toBe(true);
    const aliceView = await a.until((v) => v.seats[0]?.role?.id === 'imp');
    expect(aliceView.seats[1]!.role).toBeNull();
    const bobView = await b.until((v) => v.seats[1]?.role?.id === 'chef');
    expect(bobView.seats[0]!.role).toBeNull();
    expect(JSON.stringify(b.view)).not.toContain('"imp"');

    expect((await st.request('toggleNight', {})).ok).toBe(true);
    await b.until((v) => v.game.isNight && v.game.phase === 1);
    expect(await a.request('distributeRoles', { roles })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(
      await st.request('timer', { title: 'x'.repeat(51), duration: 60, isPausedDuringVotes: false }),
    ).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    });
  });

  it('a seat is renamed only in a local game: the server refuses it even to the Storyteller (spec 1 §2)', async () => {
    const { st } = await table('rename');
    expect(await st.request('renameSeat', { index: 2, name: 'Ann' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(st.view?.seats[2]?.name).toBe('');
  });

  it('a vote: the server runs the clock, counts in-time hands, refuses late ones and marks the nominee', async () => {
    const { st, a, b } = await table('voting');
    expect((await st.request('voteSpeed', { speed: 500 })).ok).toBe(true);
    expect((await st.request('nomination', { nominator: 0, nominee: 2 })).ok).toBe(true);
    expect((await st.request('voteControl', { action: 'start' })).ok).toBe(true);
    const view = await a.until((v) => v.vote.isInProgress);
    // Seat 0 is at position 0 after the nominee (seat 2): it locks 1 × 500 ms after locking begins.
    const lock = view.vote.voteTimer! + 500;
    expect((await a.request('vote', { index: 0, value: 1, at: Date.now() })).ok).toBe(true);
    await new Promise((r) => setTimeout(r, Math.max(0, lock + 700 - Date.now())));
    expect(await b.request('vote', { index: 0, value: 1, at: Date.now() })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await a.request('vote', { index: 0, value: 0, at: Date.now() })).toMatchObject({
      ok: false,
      error: { code: 'vote_locked' },
    });
    const done = await st.until((v) => !v.vote.isInProgress && v.vote.locked === 4, 5000);
    expect(done.vote.votes[0]).toBe(1);
    // 1 vote of a majority of 2 (3 living): no mark.
    expect(done.vote.markedPlayer).toBe(-1);
    expect((await st.request('voteControl', { action: 'finish' })).ok).toBe(true);
    const logged = await st.until((v) => v.vote.history.length === 1);
    expect(logged.vote.history[0]).toMatchObject({ votes: 1, majority: 2, voters: ['alice'] });
    expect((await b.until((v) => v.vote.nomination === null)).vote.history).toEqual([]);
  });

  it('the reveal runs on the server, one player per second, and resumes after a restart', async () => {
    const { st } = await table('reveal');
    await st.request('distributeRoles', {
      roles: [
        { role: imp, alignment: 'e' },
        { role: chef, alignment: 'g' },
        { role: chef, alignment: 'g' },
      ],
    });
    await st.until((v) => v.hook === null, 5000);
    const b = clients.at(-1)!;
    expect((await st.request('endGame', { isEvilWin: true, slow: true })).ok).toBe(true);
    await b.until((v) => v.hook?.name === 'reveal-grimoire' && v.seats[0]?.role?.id === 'imp', 3000);

    // Restart the server in the middle of the reveal: the new process carries on from the stored state.
    for (const c of clients.splice(0)) c.close();
    await server.close();
    server = await startTestServer(testConfig(db));
    const watcher = connect('reveal', bob);
    await watcher.until((v) => v.seats.every((s) => s.revealed), 3 * REVEAL_STEP_SLOW_MS + 2000);
    expect(watcher.view!.seats[0]!.role?.id).toBe('imp');
    await watcher.until((v) => v.hook === null, REVEAL_END_DELAY_MS + 2000);
    expect(watcher.view!.game.history.at(-1)).toMatchObject({ type: 'end', data: { isEvilWin: true } });
  });
});
