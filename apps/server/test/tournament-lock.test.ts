import type { AuthTokens, TournamentAnswer, TournamentFile } from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import { TournamentStore } from '../src/tournament/store';
import { api, DIALECTS, freshDatabase, register, startTestServer, testConfig } from './harness';
import { testTournament } from './tournamentFile';

type ErrorBody = { error: { code: string; message: string } };

const PERIOD = 60_000;

const lockTournament = (matches: TournamentFile['matches'], extra: Partial<TournamentFile>): TournamentFile =>
  testTournament(matches, { name: 'Lock cup', votePeriod: PERIOD, channels: [], ...extra });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Group A: match 0 (s0 against s1) locks `lockIn` ms from now; match 1 (s1 against s0) already locked,
 * without votes; match 2 (s2 against s3) is still open.
 */
const lockingFile = (lockIn: number): TournamentFile => {
  const now = Date.now();
  return lockTournament(
    [
      { index: 0, time: now + lockIn - PERIOD, scripts: [0, 1] },
      { index: 1, time: now - 2 * PERIOD, scripts: [1, 0] },
      { index: 2, time: now - 1000, scripts: [2, 3] },
    ],
    { votePeriod: PERIOD },
  );
};

describe.each(DIALECTS)('tournament points at the lock (%s; issue 21)', (dialect) => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let server: BelfryServer;
  let admin: AuthTokens;
  let voters: AuthTokens[];

  const results = (on: BelfryServer) =>
    on.db.kysely.selectFrom('tournament_results').selectAll().orderBy('match_index').execute();
  const read = (on: BelfryServer, who?: AuthTokens) =>
    api<TournamentAnswer>(on, 'GET', '/backend/tournament', undefined, who?.accessToken);
  const vote = (who: AuthTokens, match: number, choice: number | null) =>
    api<ErrorBody>(server, 'POST', '/backend/vote', { match, choice }, who.accessToken);

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    server = await startTestServer(testConfig(db));
    admin = await register(server, 'admin');
    voters = [];
    for (let i = 0; i < 3; i++) voters.push(await register(server, `voter${i}`));
    // Verified phones (auth/phone.ts sets this flag), so that the new accounts may vote.
    await server.db.kysely
      .updateTable('users')
      .set({ flags: JSON.stringify(['verified-phone']) })
      .execute();
  });
  afterAll(async () => {
    await server.close();
    await db.drop();
  });

  const importFile = async (file: TournamentFile) => {
    const answer = await api(server, 'POST', '/backend/moderator/tournament', file, admin.accessToken);
    expect(answer.status).toBe(200);
  };

  it('counts a match when it locks, by the server alone: points from the vote share, standings updated', async () => {
    await importFile(lockingFile(2500));
    // The match locked before the import is counted at once: no votes, a draw.
    expect((await results(server)).map((r) => [r.match_index, r.votes_a, r.votes_b, r.points_a, r.points_b])).toEqual([
      [1, 0, 0, 15, 15],
    ]);
    expect((await vote(voters[0]!, 0, 0)).status).toBe(200);
    expect((await vote(voters[1]!, 0, 0)).status).toBe(200);
    expect((await vote(voters[2]!, 0, 1)).status).toBe(200);
    expect((await vote(voters[2]!, 2, 3)).status).toBe(200);
    // Nobody reads meanwhile: the timer alone counts.
    await sleep(2500 + 1000 + 700);
    expect((await results(server)).map((r) => [r.match_index, r.votes_a, r.votes_b, r.points_a, r.points_b])).toEqual([
      [0, 2, 1, 20, 10],
      [1, 0, 0, 15, 15],
    ]);
    const locked = await vote(voters[0]!, 0, 1);
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('votelocked');

    const answer = (await read(server, voters[0])).body;
    expect(answer.matches[0]).toMatchObject({ state: 'locked', results: [2, 1], tally: [2, 1], voteRemaining: 0 });
    expect(answer.matches[1]).toMatchObject({ state: 'locked', results: [1.5, 1.5], tally: [0, 0] });
    expect(answer.matches[2]).toMatchObject({ state: 'active', results: null, tally: null });
    // s0: 2 + 1.5 = 3.5; s1: 1 + 1.5 = 2.5; group B has no counted match yet.
    expect(answer.standings[0]).toEqual({
      group: 'A',
      rows: [
        { script: 0, points: 3.5, matches: 2, votes: 2, advances: true },
        { script: 1, points: 2.5, matches: 2, votes: 1, advances: true },
      ],
    });
    expect(answer.scripts.map((s) => [s.points, s.matches])).toEqual([
      [3.5, 2],
      [2.5, 2],
      [0, 0],
      [0, 0],
    ]);

    // Counting again writes nothing and changes nothing.
    const store = new TournamentStore(server.db.kysely);
    const before = await results(server);
    expect(await store.countDue((await store.load())!, Date.now())).toEqual([]);
    expect(await results(server)).toEqual(before);
  });

  it('counts a match that locked while the server was down, at the next start', async () => {
    await importFile(lockingFile(1500));
    expect((await vote(voters[0]!, 0, 1)).status).toBe(200);
    expect((await vote(voters[1]!, 0, 1)).status).toBe(200);
    expect((await vote(voters[2]!, 0, 0)).status).toBe(200);
    expect((await vote(voters[2]!, 0, 1)).status).toBe(200); // changed: three votes for s1
    await server.close();
    await sleep(1500 + 1000 + 500);
    server = await startTestServer(testConfig(db));
    // Counted during the start, before anyone reads.
    expect((await results(server)).map((r) => [r.match_index, r.votes_a, r.votes_b, r.points_a, r.points_b])).toEqual([
      [0, 0, 3, 0, 30],
      [1, 0, 0, 15, 15],
    ]);
    const answer = (await read(server)).body;
    expect(answer.matches[0]).toMatchObject({ state: 'locked', results: [0, 3] });
    expect(answer.standings[0]!.rows.map((row) => [row.script, row.points])).toEqual([
      [1, 4.5],
      [0, 1.5],
    ]);
  });
});
