import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The signing key for access tokens lives in the database so that every node of a cluster and
 * every restart agrees on it without configuration. JWT_SECRET overrides it.
 */
export const loadSigningKey = async (db: Kysely<Database>): Promise<Uint8Array> => {
  if (process.env.JWT_SECRET) return new TextEncoder().encode(process.env.JWT_SECRET);
  const candidate = randomBytes(32).toString('base64url');
  await db
    .insertInto('secrets')
    .values({ name: 'jwt', value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
};
