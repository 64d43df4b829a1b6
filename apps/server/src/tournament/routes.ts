import { roleById } from '@belfry/content';
import {
  type MatchAnswer,
  type Tournament,
  type TournamentAnswer,
  type TournamentMatch,
  tournamentJsonSchema,
  tournamentSchema,
  voteBody,
  type VoteAnswer,
} from '@belfry/protocol';
import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../auth/rate-limit';
import type { RateLimits } from '../config';
import type { UsersTable } from '../db/schema';
import type { Authenticate } from '../http/authenticate';
import { HttpError, parseBody } from '../http/errors';
import { flagsOf } from '../users/users';
import type { TournamentLocks } from './locks';
import {
  backTarget,
  lockTime,
  matchState,
  pathSwap,
  resolveAsset,
  stageOf,
  standings,
  swapDateOf,
  voteRemaining,
} from './state';
import { allMatches, LOCK_GRACE_MS, lockedError, type StoredResult, type TournamentStore } from './store';

export interface TournamentDeps {
  auth: Authenticate;
  limiter: RateLimiter;
  limits: Pick<RateLimits, 'votePerAccount' | 'votePerIp' | 'tournamentImportPerAccount' | 'tournamentReadPerIp'>;
  store: TournamentStore;
  locks: TournamentLocks;
  /** TOURNAMENT_ASSETS_URL: where assets named by file name live. */
  assetsUrl: string | undefined;
}

/** The import file, with its characters checked against Belfry's catalogue. */
export const tournamentFileSchema = tournamentSchema.superRefine((file, ctx) => {
  file.scripts.forEach((script, i) =>
    script.characters.forEach((id, j) => {
      if (!roleById(id))
        ctx.addIssue({
          code: 'custom',
          path: ['scripts', i, 'characters', j],
          message: 'No character of the catalogue has this id.',
        });
    }),
  );
});

/** Spec 3 §5: new accounts need a verified phone to vote. */
const needsVerification = (user: UsersTable) => {
  const flags = flagsOf(user);
  return flags.includes('newuser') && !flags.includes('verified-phone');
};

const noSuchMatch = () => new HttpError(400, 'bad_request', 'There is no such match in the tournament.');

/** What a reader sees: states from the clock, counts once locked, the caller's own votes. */
export const tournamentAnswer = (
  tournament: Tournament,
  results: Map<number, StoredResult>,
  votes: Record<string, number>,
  now: number,
  assetsUrl?: string,
): TournamentAnswer => {
  const asset = (name: string | null) => resolveAsset(name, assetsUrl);
  const matchAnswer = (match: TournamentMatch): MatchAnswer => {
    const result = results.get(match.index);
    return {
      ...match,
      stage: stageOf(match.index),
      state: matchState(match, tournament.votePeriod, now),
      lockAt: lockTime(match, tournament.votePeriod),
      voteRemaining: voteRemaining(match, tournament.votePeriod, now),
      results: result ? [result.points[0] / 10, result.points[1] / 10] : null,
      tally: result ? result.votes : null,
      voted: String(match.index) in votes,
      back: backTarget(match.index),
    };
  };
  const counted = tournament.matches.flatMap((match) => {
    const result = results.get(match.index);
    return result ? [{ scripts: match.scripts, ...result }] : [];
  });
  const table = standings(tournament.scripts, counted);
  const rowOf = new Map(table.flatMap((group) => group.rows.map((row) => [row.script, row])));
  return {
    name: tournament.name,
    votePeriod: tournament.votePeriod,
    pathSwap: swapDateOf(tournament),
    page: pathSwap(now, swapDateOf(tournament)),
    serverTime: now,
    scripts: tournament.scripts.map((script, index) => ({
      ...script,
      assets: {
        logo: asset(script.assets.logo),
        logoClean: asset(script.assets.logoClean),
        script: asset(script.assets.script),
        pdf: asset(script.assets.pdf),
      },
      index,
      points: rowOf.get(index)?.points ?? 0,
      matches: rowOf.get(index)?.matches ?? 0,
    })),
    matches: tournament.matches.map(matchAnswer),
    playoffs: tournament.playoffs.map(matchAnswer),
    channels: tournament.channels.map((channel) => ({ ...channel, logo: asset(channel.logo) })),
    standings: table,
    votes,
  };
};

/**
 * The tournament (spec 3 §2–§9, issue 21): `GET /backend/tournament` for everyone (view only without
 * a login), `POST /backend/vote` for logged-in accounts, `POST /backend/moderator/tournament` for
 * staff, and the import file's JSON Schema at `/tournament-schema.json`.
 */
export const registerTournamentRoutes = (app: FastifyInstance, deps: TournamentDeps) => {
  const { auth, limiter, limits, store, locks, assetsUrl } = deps;

  app.get('/backend/tournament', async (req): Promise<TournamentAnswer> => {
    await limiter.hit(`tournament-read:ip:${req.ip}`, limits.tournamentReadPerIp);
    const user = await auth.optional(req);
    const tournament = await store.load();
    if (!tournament) throw new HttpError(404, 'not_found', 'There is no tournament.');
    const now = Date.now();
    let results = await store.results();
    // A lock no timer has counted yet (its node went down): counted now, once.
    const uncounted = allMatches(tournament).some(
      (match) => !results.has(match.index) && lockTime(match, tournament.votePeriod) + LOCK_GRACE_MS <= now,
    );
    if (uncounted && (await store.countDue(tournament, now)).length > 0) results = await store.results();
    return tournamentAnswer(tournament, results, user ? await store.votesOf(user.id) : {}, now, assetsUrl);
  });

  app.post('/backend/vote', async (req): Promise<VoteAnswer> => {
    const user = await auth.required(req);
    await limiter.hit(`vote:account:${user.id}`, limits.votePerAccount);
    await limiter.hit(`vote:ip:${req.ip}`, limits.votePerIp);
    const { match: index, choice } = parseBody(voteBody, req.body);
    const tournament = await store.load();
    const match = tournament ? allMatches(tournament).find((m) => m.index === index) : undefined;
    if (!tournament || !match) throw noSuchMatch();
    if (choice !== null && !match.scripts.includes(choice))
      throw new HttpError(400, 'bad_request', 'Choose one of the two scripts of this match, or null.');
    if (needsVerification(user))
      throw new HttpError(403, 'newuser', 'You need to verify your account before you can vote.');
    const now = Date.now();
    const state = matchState(match, tournament.votePeriod, now);
    if (state === 'upcoming') throw new HttpError(409, 'voteupcoming', 'You can not vote on this match, yet.');
    if (state === 'locked') throw lockedError();
    const result = await store.vote(user.id, match, tournament.votePeriod, choice, now);
    return { success: true, match: index, choice: result };
  });

  app.post('/backend/moderator/tournament', async (req) => {
    const user = await auth.required(req);
    // Judged before the body is looked at, as in the moderation console.
    if (user.level !== 'special-tpi') throw new HttpError(403, 'forbidden', 'Staff (special-tpi) only.');
    await limiter.hit(`tournament-import:account:${user.id}`, limits.tournamentImportPerAccount);
    const tournament = parseBody(tournamentFileSchema, req.body);
    const keptVotes = await store.replace(tournament);
    await locks.run();
    return {
      success: true,
      scripts: tournament.scripts.length,
      matches: tournament.matches.length,
      playoffs: tournament.playoffs.length,
      keptVotes,
    };
  });

  const schemaText = JSON.stringify(tournamentJsonSchema(), null, 2);
  app.get('/tournament-schema.json', (_req, reply) => reply.type('application/schema+json').send(schemaText));
};
