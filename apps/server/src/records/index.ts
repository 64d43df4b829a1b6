import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { RateLimiter } from '../auth/rate-limit';
import { loadSecret } from '../auth/secrets';
import type { Database } from '../db/schema';
import type { Authenticate } from '../http/authenticate';
import { registerRecordRoutes } from './routes';
import { RecordWriter } from './writer';

export type { RecordWriter } from './writer';

/** Game records (issue 18): their routes and schema file; returns the writer the session hub tells of stored states. */
export const setUpRecords = async (
  app: FastifyInstance,
  deps: { db: Kysely<Database>; auth: Authenticate; limiter: RateLimiter },
): Promise<RecordWriter> => {
  registerRecordRoutes(app, deps);
  return new RecordWriter(deps.db, await loadSecret(deps.db, 'game-records'));
};
