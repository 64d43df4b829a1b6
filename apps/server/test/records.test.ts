import { DISTRIBUTE_ROLES_HOOK_MS, MAX_CHRONICLE_ENTRIES, RECEIVE_ROLE_HOOK_MS } from '@belfry/engine';
import {
  type AuthTokens,
  gameRecordSchema,
  RECORDS_PAGE_SIZE,
  type RecordAnswer,
  type RecordList,
  type Stats,
} from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { RECORD_LIMITS } from '../src/records/routes';
import { api, DIALECTS, freshDatabase, register, startTestServer, TestClient, testConfig } from './harness';

const imp = { id: 'imp', name: 'Imp', team: 'demon' };
const chef = { id: 'chef', name: 'Chef', team: 'townsfolk' };
const organGrinder = {
  id: 'organgrinder',
  name: 'Organ Grinder',
  team: 'minion',
  special: [{ type: 'vote', name: 'hidden' }],
};

describe.each(DIALECTS)('game records (%s; issue 18)', (dialect) => {
  let server: BelfryServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let st: AuthTokens;
  let players: AuthTokens[];
  let watcher: AuthTokens;
  let stranger: AuthTokens;
  let moderator: AuthTokens;
  const clients: TestClient[] = [];
  const connect = async (id: string, tokens: AuthTokens) => {
    const client = new TestClient(server.port, id, tokens.accessToken);
    clients.push(client);
    await client.until(() => true);
    return client;
  };
  const get = <T>(url: string, who: AuthTokens) => api<T>(server, 'GET', url, undefined, who.accessToken);
  const recordRows = async () =>
    Number(
      (
        await server.db.kysely
          .selectFrom('game_records')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    server = await startTestServer(testConfig(db));
    st = await register(server, 'teller'); // the install's first account: it may create games
    players = [];
    for (let i = 0; i < 5; i++) players.push(await register(server, `player${i}`));
    watcher = await register(server, 'watcher');
    stranger = await register(server, 'stranger');
    moderator = await register(server, 'moderator');
    await server.db.kysely
      .updateTable('users')
      .set({ level: 'special-moderator' })
      .where('id', '=', moderator.user.id)
      .execute();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await server.close();
    await db.drop();
  });

  /**
   * A 5-player game: the Organ Grinder makes the day-0 vote secret (p0, p1 and p4 raise a hand on p2,
   * who dies), night 1, then evil wins. Returns the Storyteller's client.
   */
  const playGame = async (code: string) => {
    await api(server, 'POST', '/backend/sessions', { name: code, seats: 5 }, st.accessToken);
    const teller = await connect(code, st);
    const seated = [];
    for (const [i, p] of players.entries()) {
      const client = await connect(code, p);
      expect((await client.request('claimSeat', { index: i })).ok).toBe(true);
      seated.push(client);
    }
    await connect(code, watcher);
    const roles = [
      { role: imp, alignment: 'e' },
      { role: organGrinder, alignment: 'e' },
      { role: chef, alignment: 'g' },
      { role: chef, alignment: 'g' },
      { role: chef, alignment: 'g' },
    ];
    expect((await teller.request('startGame', {})).ok).toBe(true);
    await teller.until((v) => v.hook === null, DISTRIBUTE_ROLES_HOOK_MS + 3000);
    expect((await teller.request('distributeRoles', { roles })).ok).toBe(true);
    await teller.until((v) => v.hook === null, RECEIVE_ROLE_HOOK_MS + 3000);
    expect((await teller.request('voteIsHidden', { value: true })).ok).toBe(true);
    expect((await teller.request('nomination', { nominator: 0, nominee: 2 })).ok).toBe(true);
    for (const i of [0, 1, 4]) {
      await seated[i]!.until((v) => v.vote.nomination !== null);
      expect((await seated[i]!.request('vote', { index: i, value: 1, at: Date.now() })).ok).toBe(true);
    }
    expect((await teller.request('voteControl', { action: 'finish' })).ok).toBe(true);
    expect((await teller.request('updatePlayer', { index: 2, property: 'isDead', value: true })).ok).toBe(true);
    expect((await teller.request('toggleNight', {})).ok).toBe(true);
    return { teller, seated };
  };

  const end = async (teller: TestClient) => {
    expect((await teller.request('endGame', { isEvilWin: true })).ok).toBe(true);
  };

  let recordId = '';

  it('nothing of a running game shows in records or statistics; the reveal writes one record', async () => {
    const { teller } = await playGame('recorded');
    // The game runs: no record exists, no list shows one, no statistics count it.
    expect(await recordRows()).toBe(0);
    expect((await get<RecordList>('/backend/games', players[0]!)).body.rows).toEqual([]);
    const before = await get<{ stats: Stats }>(`/backend/user/${players[0]!.user.id}`, players[0]!);
    expect(before.body.stats.games).toBe(0);

    await end(teller);
    // Written before the end is acknowledged: the list shows it at once.
    const list = await get<RecordList>('/backend/games?session=recorded', players[0]!);
    expect(list.body.rows).toHaveLength(1);
    const row = list.body.rows[0]!;
    expect(row).toMatchObject({ result: 'evil', players: 5, part: 'player', role: { id: 'imp' }, won: true });
    recordId = row.id;
    expect(recordId).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    // The reveal steps and any later change do not write it again.
    await teller.until((v) => v.hook === null, 5000);
    expect((await teller.request('timer', { title: 'after', duration: 60, isPausedDuringVotes: false })).ok).toBe(true);
    expect(await recordRows()).toBe(1);
  });

  it('each participant reads it as a timeline; a secret vote: the Storyteller every hand, a player their own, others the count', async () => {
    const answer = async (who: AuthTokens) => {
      const res = await get<RecordAnswer>(`/backend/games/${recordId}`, who);
      expect(res.status).toBe(200);
      return res.body;
    };
    const nomination = (a: RecordAnswer) => a.record.timeline.find((e) => e.type === 'nomination')!;

    const told = await answer(st);
    expect(told).toMatchObject({ part: 'storyteller', mayPublish: true, isPublic: false });
    expect(told.record.timeline.map((e) => e.type)).toEqual(['start', 'nomination', 'death', 'phase', 'phase', 'end']);
    expect(nomination(told)).toMatchObject({ hands: [1, 1, 0, 0, 1], total: 3, secret: true, finished: true });
    expect(told.record.seats.map((s) => [s.userId, s.role?.id, s.alignment, s.isDead])).toEqual([
      [players[0]!.user.id, 'imp', 'evil', false],
      [players[1]!.user.id, 'organgrinder', 'evil', false],
      [players[2]!.user.id, 'chef', 'good', true],
      [players[3]!.user.id, 'chef', 'good', false],
      [players[4]!.user.id, 'chef', 'good', false],
    ]);
    expect(told.record.spectators.map((s) => s.id)).toEqual([watcher.user.id]);
    expect(gameRecordSchema.safeParse(told.record).success).toBe(true);

    const p1 = await answer(players[1]!);
    expect(p1).toMatchObject({ part: 'player', mayPublish: false });
    expect(nomination(p1)).toMatchObject({ hands: [null, 1, null, null, null], total: 3 });
    const p3 = await answer(players[3]!);
    expect(nomination(p3).hands).toEqual([null, null, null, 0, null]);
    const watched = await answer(watcher);
    expect(watched.part).toBe('spectator');
    expect(nomination(watched).hands).toEqual([null, null, null, null, null]);
    // A moderator may read any record, as someone who did not sit at the table.
    const moderated = await answer(moderator);
    expect(moderated.part).toBeNull();
    expect(nomination(moderated).hands).toEqual([null, null, null, null, null]);
    expect(moderated.record.sessionId).toBeUndefined();
    for (const a of [p1, p3, watched, moderated]) {
      const text = JSON.stringify(a);
      expect(text).not.toContain('owners');
      expect(text).not.toContain('"grimoire"');
    }
  });

  it('a stranger learns nothing: a private record answers as one that does not exist; bad ids are refused', async () => {
    const hidden = await get(`/backend/games/${recordId}`, stranger);
    const missing = await get('/backend/games/AAAAAAAAAAAAAAAAAAAAAA', stranger);
    expect(hidden.status).toBe(404);
    expect(hidden).toEqual(missing);
    expect((await get('/backend/games/' + 'a'.repeat(33), stranger)).status).toBe(400);
    expect((await get('/backend/games/bad%20id', stranger)).status).toBe(400);
    expect((await api(server, 'GET', `/backend/games/${recordId}`)).status).toBe(401);
    expect((await get<RecordList>('/backend/games?session=recorded', stranger)).body.rows).toEqual([]);
    expect((await get('/backend/games?page=-1', stranger)).status).toBe(400);
    expect((await get('/backend/games?what=1', stranger)).status).toBe(400);
    // Nor may they publish it: the same 404.
    const post = await api(server, 'POST', `/backend/games/${recordId}`, { isPublic: true }, stranger.accessToken);
    expect(post).toEqual(missing);
  });

  it('only a Storyteller of the game makes it public; then anyone logged in reads it, with the count only', async () => {
    const byPlayer = await api(
      server,
      'POST',
      `/backend/games/${recordId}`,
      { isPublic: true },
      players[0]!.accessToken,
    );
    expect(byPlayer.status).toBe(403);
    expect((await api(server, 'POST', `/backend/games/${recordId}`, { isPublic: 'yes' }, st.accessToken)).status).toBe(
      400,
    );
    expect(
      (await api(server, 'POST', `/backend/games/${recordId}`, { isPublic: true, extra: 1 }, st.accessToken)).status,
    ).toBe(400);
    expect((await get(`/backend/games/${recordId}`, stranger)).status).toBe(404);
    const made = await api(server, 'POST', `/backend/games/${recordId}`, { isPublic: true }, st.accessToken);
    expect(made).toEqual({ status: 200, body: { isPublic: true } });
    const seen = await get<RecordAnswer>(`/backend/games/${recordId}`, stranger);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ isPublic: true, part: null, mayPublish: false });
    expect(seen.body.record.sessionId).toBeUndefined();
    expect(seen.body.record.timeline.find((e) => e.type === 'nomination')).toMatchObject({
      hands: [null, null, null, null, null],
      total: 3,
    });
    // Public or not, a stranger still may not change it.
    expect(
      (await api(server, 'POST', `/backend/games/${recordId}`, { isPublic: false }, stranger.accessToken)).status,
    ).toBe(403);
    expect((await api(server, 'POST', `/backend/games/${recordId}`, { isPublic: false }, st.accessToken)).status).toBe(
      200,
    );
    expect((await get(`/backend/games/${recordId}`, stranger)).status).toBe(404);
  });

  it('statistics come from the records and keep their visibility setting', async () => {
    const statsOf = async (who: AuthTokens, viewer = who) =>
      (await get<{ stats: Stats | null }>(`/backend/user/${who.user.id}`, viewer)).body.stats;
    expect(await statsOf(st)).toMatchObject({ games: 1, storyteller: 1, player: 0, stEvilWins: 1, playerWins: 0 });
    const imp = await statsOf(players[0]!);
    expect(imp).toMatchObject({ games: 1, storyteller: 0, player: 1, stEvilWins: 0, playerWins: 1 });
    expect(imp!.roles).toEqual([{ id: 'imp', count: 1 }]);
    expect(imp!.editions).toHaveLength(1);
    // A Chef lost with the good team.
    expect(await statsOf(players[3]!)).toMatchObject({
      games: 1,
      player: 1,
      playerWins: 0,
      roles: [{ id: 'chef', count: 1 }],
    });
    // Watching is no game played.
    expect(await statsOf(watcher)).toMatchObject({ games: 0, player: 0, storyteller: 0 });
    // Hidden statistics: the owner and moderators see them, nobody else.
    expect((await api(server, 'POST', '/backend/user', { stats: 'hidden' }, players[0]!.accessToken)).status).toBe(200);
    expect(await statsOf(players[0]!, stranger)).toBeNull();
    expect(await statsOf(players[0]!, moderator)).toMatchObject({ games: 1 });
    expect(await statsOf(players[0]!)).toMatchObject({ games: 1 });
  });

  it('a record lost to a crash between the end and its write is written by the next stored change, with the same id', async () => {
    await server.db.kysely.deleteFrom('game_record_users').where('record_id', '=', recordId).execute();
    await server.db.kysely.deleteFrom('game_records').where('id', '=', recordId).execute();
    // Another node (or this one restarted) knows nothing of what was written: a fresh server on the same database.
    for (const c of clients.splice(0)) c.close();
    await server.close();
    server = await startTestServer(testConfig(db));
    const teller = await connect('recorded', st);
    expect((await teller.request('timer', { title: 'again', duration: 60, isPausedDuringVotes: false })).ok).toBe(true);
    expect(await recordRows()).toBe(1);
    expect((await get<RecordAnswer>(`/backend/games/${recordId}`, players[2]!)).status).toBe(200);
  });

  it(`the list pages ${RECORDS_PAGE_SIZE} records at a time, newest first`, async () => {
    const host = await register(server, 'busyhost');
    await server.db.kysely.updateTable('users').set({ level: 'special-tpi' }).where('id', '=', host.user.id).execute();
    const codes = Array.from({ length: RECORDS_PAGE_SIZE + 1 }, (_, i) => `page-${i}`);
    await Promise.all(
      codes.map(async (code) => {
        await api(server, 'POST', '/backend/sessions', { name: code, seats: 0 }, host.accessToken);
        const teller = new TestClient(server.port, code, host.accessToken);
        clients.push(teller);
        await teller.until(() => true);
        expect((await teller.request('startGame', {})).ok).toBe(true);
        await teller.until((v) => v.hook === null, DISTRIBUTE_ROLES_HOOK_MS + 3000);
        expect((await teller.request('endGame', { isEvilWin: false })).ok).toBe(true);
      }),
    );
    const first = (await get<RecordList>('/backend/games', host)).body;
    expect(first.rows).toHaveLength(RECORDS_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const ends = first.rows.map((r) => r.endedAt);
    expect([...ends].sort((a, b) => b - a)).toEqual(ends);
    const second = (await get<RecordList>('/backend/games?page=1', host)).body;
    expect(second.rows).toHaveLength(1);
    expect(second.hasMore).toBe(false);
  }, 30_000);

  it(`visibility changes are rate limited: ${RECORD_LIMITS.publish.max} per ${RECORD_LIMITS.publish.windowSeconds / 60} minutes per account`, async () => {
    // Four were spent above (two refused as bad bodies count too); the rest of the allowance is accepted.
    for (let i = 0; i < RECORD_LIMITS.publish.max - 4; i++) {
      const res = await api(server, 'POST', `/backend/games/${recordId}`, { isPublic: false }, st.accessToken);
      expect(res.status).toBe(200);
    }
    const over = await api<{ error: { code: string } }>(
      server,
      'POST',
      `/backend/games/${recordId}`,
      { isPublic: true },
      st.accessToken,
    );
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
  });

  it('serves the JSON Schema of a record, and the chronicle that feeds it is bounded', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/game-record-schema.json`);
    expect(res.status).toBe(200);
    const schema = (await res.json()) as { properties: Record<string, unknown> };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['script', 'seats', 'timeline', 'result']));
    expect(JSON.stringify(schema)).toContain(`"maxItems":${MAX_CHRONICLE_ENTRIES}`);
  });
});
