import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { RateLimiter } from '../auth/rate-limit';
import type { RateLimits } from '../config';
import type { Database } from '../db/schema';
import type { Authenticate } from '../http/authenticate';
import { TournamentLocks } from './locks';
import { registerTournamentRoutes, tournamentFileSchema } from './routes';
import sample from './sample-tournament.json';
import { TournamentStore } from './store';

/** Belfry's own sample tournament, checked as an import is: a fresh install starts with it. */
export const sampleTournament = () => tournamentFileSchema.parse(sample);

/**
 * The community script tournament (issue 21): its routes; a fresh install's sample; the count of every
 * match that locked while no server ran, then a timer for the next lock (stopped when the app closes).
 */
export const setUpTournament = async (
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    auth: Authenticate;
    limiter: RateLimiter;
    limits: RateLimits;
    assetsUrl: string | undefined;
  },
): Promise<void> => {
  const store = new TournamentStore(deps.db);
  const locks = new TournamentLocks(store, app.log);
  registerTournamentRoutes(app, { ...deps, store, locks });
  await store.insertIfEmpty(sampleTournament());
  await locks.run();
  app.addHook('onClose', () => locks.close());
};
