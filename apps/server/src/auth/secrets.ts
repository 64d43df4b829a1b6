import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The signing key for access tokens lives in the database so that every node of a cluster and
 * every restart agrees on it without configuration. JWT_SECRET overrides it.
 */
export const loadSigningKey = async (db: Kysely<Database>): Promise<Uint8Array> => {
  if (process.env.JWT_SECRET) return new TextEncoder().encode(process.env.JWT_SECRET);
  return Buffer.from(await loadSecret(db, 'jwt'), 'base64url');
};

/** A random secret created once per install and shared by every node (first writer wins). */
export const loadSecret = async (db: Kysely<Database>, name: string): Promise<string> => {
  await db
    .insertInto('secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
};
