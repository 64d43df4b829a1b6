import type { AuthTokens, TournamentAnswer } from '@belfry/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BelfryServer } from '../src/app';
import sample from '../src/tournament/sample-tournament.json';
import { api, DIALECTS, freshDatabase, register, startTestServer, TEST_LIMITS, testConfig } from './harness';
import { testTournament } from './tournamentFile';

type ErrorBody = { error: { code: string; message: string; retryAfter?: number } };

const HOUR = 3_600_000;
/** Votes an account may cast in this file's server before 429: the rate-limit test uses them up. */
const VOTES_PER_ACCOUNT = 30;

describe.each(DIALECTS)('tournament import and voting (%s; issue 21)', (dialect) => {
  let server: BelfryServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let admin: AuthTokens;
  let voter: AuthTokens;
  let newcomer: AuthTokens;

  const read = (who?: AuthTokens) =>
    api<TournamentAnswer>(server, 'GET', '/backend/tournament', undefined, who?.accessToken);
  const vote = (who: AuthTokens | undefined, body: unknown) =>
    api<ErrorBody & { choice: number | null }>(server, 'POST', '/backend/vote', body, who?.accessToken);
  const importFile = (body: unknown, who: AuthTokens = admin) =>
    api<ErrorBody & { keptVotes: number }>(server, 'POST', '/backend/moderator/tournament', body, who.accessToken);
  /** What phone verification does to an account (auth/phone.ts): the verified-phone flag. */
  const verifyPhone = async (who: AuthTokens) => {
    const row = await server.db.kysely
      .selectFrom('users')
      .select('flags')
      .where('id', '=', who.user.id)
      .executeTakeFirstOrThrow();
    const flags = [...(JSON.parse(row.flags) as string[]), 'verified-phone'];
    await server.db.kysely
      .updateTable('users')
      .set({ flags: JSON.stringify(flags) })
      .where('id', '=', who.user.id)
      .execute();
  };
  const voteRows = async (match?: number) => {
    let query = server.db.kysely.selectFrom('tournament_votes').selectAll();
    if (match !== undefined) query = query.where('match_index', '=', match);
    return query.orderBy('user_id').execute();
  };
  const verifiedUser = async (name: string) => {
    const tokens = await register(server, name);
    await verifyPhone(tokens);
    return tokens;
  };

  /** Match 0 open for about an hour, match 1 upcoming, match 2 locked, final 44 open. */
  const votingFile = (now: number) =>
    testTournament(
      [
        { index: 0, time: now - 60_000, scripts: [0, 1], channel: 0 },
        { index: 1, time: now + HOUR, scripts: [2, 3] },
        { index: 2, time: now - 2 * HOUR, scripts: [0, 1] },
      ],
      { playoffs: [{ index: 44, time: now - 60_000, scripts: [1, 2] }] },
    );

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    server = await startTestServer(
      testConfig(db, { limits: { ...TEST_LIMITS, votePerAccount: { max: VOTES_PER_ACCOUNT, windowSeconds: 600 } } }),
    );
    admin = await register(server, 'admin'); // the install's first account: special-tpi
    voter = await verifiedUser('voter');
    newcomer = await register(server, 'newcomer');
  });
  afterAll(async () => {
    await server.close();
    await db.drop();
  });

  it("starts a fresh install with Belfry's sample tournament, readable without a login, and serves the schema", async () => {
    const answer = await read();
    expect(answer.status).toBe(200);
    expect(answer.body.name).toBe(sample.name);
    expect(answer.body.scripts).toHaveLength(16);
    expect(answer.body.matches).toHaveLength(24);
    expect(answer.body.playoffs.map((m) => m.stage)).toEqual([
      'quarter',
      'quarter',
      'quarter',
      'quarter',
      'semi',
      'semi',
      'final',
    ]);
    expect(answer.body.standings.map((g) => g.group)).toEqual(['A', 'B', 'C', 'D']);
    expect(answer.body.votes).toEqual({});
    expect(answer.body.matches.every((m) => m.voted === false)).toBe(true);
    const schema = await fetch(`http://127.0.0.1:${server.port}/tournament-schema.json`);
    expect(schema.headers.get('content-type')).toContain('application/schema+json');
    const json = (await schema.json()) as { properties: Record<string, unknown> };
    expect(Object.keys(json.properties)).toEqual(
      expect.arrayContaining(['scripts', 'matches', 'playoffs', 'channels', 'votePeriod']),
    );
  });

  it('refuses an import from anyone but staff before looking at the body', async () => {
    for (const who of [voter, newcomer]) {
      const answer = await importFile({ broken: true }, who);
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('forbidden');
    }
    expect((await api(server, 'POST', '/backend/moderator/tournament', votingFile(Date.now()))).status).toBe(401);
    expect((await read()).body.name).toBe(sample.name);
  });

  it('refuses a broken file with every problem named by its path, and changes nothing', async () => {
    const now = Date.now();
    const broken = {
      ...testTournament([
        { index: 0, time: now, scripts: [0, 7] },
        { index: 40, time: now, scripts: [0, 1] },
        { index: 2, time: 'tomorrow' as unknown as number, scripts: [2, 3] },
        { index: 0, time: now, scripts: [1, 1], channel: 3 },
      ]),
      playoffs: [{ index: 12, time: now, scripts: [0, 1] }],
    };
    (broken.scripts[1]!.characters as string[])[2] = 'no-such-role';
    const answer = await importFile(broken);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('bad_request');
    // The shape first: a time that is not a number stops the file before the cross-checks.
    expect(answer.body.error.message).toContain('matches.2.time');
    broken.matches[2]!.time = now;
    const second = await importFile(broken);
    expect(second.status).toBe(400);
    const message = second.body.error.message;
    expect(message).toContain('matches.0.scripts.1: No script has this index.');
    expect(message).toContain('matches.1.index: A group match has an index below 38.');
    expect(message).toContain('matches.3.index: This match index is used twice.');
    expect(message).toContain('matches.3.scripts: A match is between two different scripts.');
    expect(message).toContain('matches.3.channel: No channel has this index.');
    expect(message).toContain('playoffs.0.index: A knockout match has an index of 38 or more.');
    expect(message).toContain('scripts.1.characters.2: No character of the catalogue has this id.');
    expect((await read()).body.name).toBe(sample.name);
    expect(await voteRows()).toEqual([]);
  });

  it('imports a valid file: states from the clock, votes only by a logged-in, verified account', async () => {
    const imported = await importFile(votingFile(Date.now()));
    expect(imported.status).toBe(200);
    const answer = (await read()).body;
    expect(answer.name).toBe('Test cup');
    expect(answer.matches.map((m) => m.state)).toEqual(['active', 'upcoming', 'locked']);
    expect(answer.matches[0]!.voteRemaining).toBeGreaterThan(HOUR - 120_000);
    expect(answer.matches[0]!.voteRemaining).toBeLessThanOrEqual(HOUR - 60_000);
    expect(answer.matches[1]!.voteRemaining).toBe(0);
    expect(answer.playoffs[0]!.stage).toBe('final');

    const anonymous = await vote(undefined, { match: 0, choice: 0 });
    expect(anonymous.status).toBe(401);
    const refused = await vote(newcomer, { match: 0, choice: 0 });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'newuser',
      message: 'You need to verify your account before you can vote.',
    });
    const upcoming = await vote(voter, { match: 1, choice: 2 });
    expect(upcoming.status).toBe(409);
    expect(upcoming.body.error).toEqual({ code: 'voteupcoming', message: 'You can not vote on this match, yet.' });
    const locked = await vote(voter, { match: 2, choice: 0 });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toEqual({ code: 'votelocked', message: 'You can no longer vote on this match.' });
    expect(await voteRows()).toEqual([]);
  });

  it('votes, changes the vote, and clears it by choosing the same script again or null', async () => {
    const first = await vote(voter, { match: 0, choice: 0 });
    expect(first.status).toBe(200);
    expect(first.body.choice).toBe(0);
    let answer = (await read(voter)).body;
    expect(answer.votes).toEqual({ 0: 0 });
    expect(answer.matches[0]!.voted).toBe(true);
    // Nobody sees a count while the vote runs; another reader sees no vote of theirs.
    expect(answer.matches[0]!.tally).toBeNull();
    expect((await read(newcomer)).body.votes).toEqual({});
    expect((await read()).body.matches[0]!.voted).toBe(false);

    expect((await vote(voter, { match: 0, choice: 1 })).body.choice).toBe(1);
    expect((await read(voter)).body.votes).toEqual({ 0: 1 });
    expect((await voteRows(0)).map((row) => Number(row.choice))).toEqual([1]);

    const cleared = await vote(voter, { match: 0, choice: 1 });
    expect(cleared.body.choice).toBeNull();
    answer = (await read(voter)).body;
    expect(answer.votes).toEqual({});
    expect(answer.matches[0]!.voted).toBe(false);

    expect((await vote(voter, { match: 44, choice: 2 })).body.choice).toBe(2);
    expect((await vote(voter, { match: 44, choice: null })).body.choice).toBeNull();
    expect(await voteRows()).toEqual([]);
  });

  it('answers bad input with 400 and changes nothing', async () => {
    await vote(voter, { match: 0, choice: 0 });
    const before = await voteRows();
    for (const body of [
      { match: 7, choice: 0 },
      { match: 0, choice: 2 },
      { match: 0, choice: '1' },
      { match: '0', choice: 1 },
      { match: 0.5, choice: 1 },
      { match: 0, choice: 1, extra: true },
      { match: 0 },
      [],
    ]) {
      const answer = await vote(voter, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('bad_request');
    }
    expect(await voteRows()).toEqual(before);
    await vote(voter, { match: 0, choice: null });
  });

  it('keeps one vote per account and match under concurrent requests: the database decides', async () => {
    const racer = await verifiedUser('racer');
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => vote(racer, { match: 0, choice: i % 2 })));
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(200));
    const rows = (await voteRows(0)).filter((row) => row.user_id === racer.user.id);
    expect(rows.length).toBeLessThanOrEqual(1);
    const mine = (await read(racer)).body.votes;
    expect(Object.keys(mine).length).toBe(rows.length);
    await server.db.kysely.deleteFrom('tournament_votes').where('user_id', '=', racer.user.id).execute();
  });

  it('limits votes per account: 429 with retryAfter, and nothing written', async () => {
    const eager = await verifiedUser('eager');
    for (let i = 0; i < VOTES_PER_ACCOUNT; i++)
      expect((await vote(eager, { match: 0, choice: i % 2 })).status).toBe(200);
    const before = await voteRows(0);
    const limited = await vote(eager, { match: 0, choice: 0 });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.body.error.retryAfter).toBeGreaterThan(500);
    expect(await voteRows(0)).toEqual(before);
    // Another account still votes.
    const other = await verifiedUser('other');
    expect((await vote(other, { match: 0, choice: 0 })).status).toBe(200);
    await server.db.kysely.deleteFrom('tournament_votes').execute();
  });

  it('keeps votes on a re-import only where the match index and its two scripts are unchanged', async () => {
    const now = Date.now();
    await importFile(
      testTournament([
        { index: 0, time: now - 1000, scripts: [0, 1] },
        { index: 1, time: now - 1000, scripts: [2, 3] },
      ]),
    );
    expect((await vote(voter, { match: 0, choice: 1 })).status).toBe(200);
    expect((await vote(voter, { match: 1, choice: 3 })).status).toBe(200);
    // The scripts in another order (s0 is now index 2, s1 index 3): match 0 is the same match;
    // match 1 is now s2 against s0, another match.
    const reordered = testTournament([
      { index: 0, time: now - 1000, scripts: [2, 3] },
      { index: 1, time: now - 1000, scripts: [0, 2] },
    ]);
    reordered.scripts = [reordered.scripts[2]!, reordered.scripts[3]!, reordered.scripts[0]!, reordered.scripts[1]!];
    const answer = await importFile(reordered);
    expect(answer.body.keptVotes).toBe(1);
    expect((await read(voter)).body.votes).toEqual({ 0: 3 });
    await server.db.kysely.deleteFrom('tournament_votes').execute();
  });

  it("from a hostile reader's side: no other account's vote, no count of an open match, a vote answers only itself", async () => {
    expect((await importFile(votingFile(Date.now()))).status).toBe(200);
    const reader = await verifiedUser('curious');
    await vote(voter, { match: 0, choice: null });
    const cast = await vote(voter, { match: 0, choice: 1 });
    expect(cast.status).toBe(200);
    // The answer to a vote names the match and the caller's own choice, never a count.
    expect(Object.keys(cast.body).sort()).toEqual(['choice', 'match', 'success']);
    for (const who of [undefined, reader]) {
      const body = (await read(who)).body;
      const open = body.matches.find((m) => m.index === 0)!;
      expect(open.state).toBe('active');
      expect(open.tally).toBeNull();
      expect(open.results).toBeNull();
      expect(open.voted).toBe(false);
      expect(body.votes).toEqual({});
      expect(JSON.stringify(body)).not.toContain(voter.user.id);
    }
    const own = (await read(voter)).body;
    expect(own.votes['0']).toBe(1);
    expect(own.matches.find((m) => m.index === 0)!.voted).toBe(true);
  });
});

describe.each(DIALECTS)('tournament vote limit per address (%s; issue 21)', (dialect) => {
  let server: BelfryServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    server = await startTestServer(
      testConfig(db, {
        limits: {
          ...TEST_LIMITS,
          votePerIp: { max: 3, windowSeconds: 600 },
          tournamentReadPerIp: { max: 5, windowSeconds: 600 },
        },
      }),
    );
  });
  afterAll(async () => {
    await server.close();
    await db.drop();
  });

  it('counts the votes of every account from one address together', async () => {
    const admin = await register(server, 'admin');
    const now = Date.now();
    const file = testTournament([{ index: 0, time: now - 1000, scripts: [0, 1] }]);
    expect((await api(server, 'POST', '/backend/moderator/tournament', file, admin.accessToken)).status).toBe(200);
    const first = await register(server, 'first');
    const second = await register(server, 'second');
    await server.db.kysely
      .updateTable('users')
      .set({ flags: JSON.stringify(['verified-phone']) })
      .execute();
    const cast = (who: AuthTokens, choice: number) =>
      api<ErrorBody>(server, 'POST', '/backend/vote', { match: 0, choice }, who.accessToken);
    expect((await cast(first, 0)).status).toBe(200);
    expect((await cast(first, 1)).status).toBe(200);
    expect((await cast(second, 1)).status).toBe(200);
    const limited = await cast(second, 0);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    const rows = await server.db.kysely.selectFrom('tournament_votes').select(['user_id', 'choice']).execute();
    expect(rows.map((row) => Number(row.choice)).sort()).toEqual([1, 1]);
  });

  it('bounds how often one address reads the tournament', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api(server, 'GET', '/backend/tournament')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
