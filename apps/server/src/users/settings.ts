import { DEFAULT_LEVEL_CHOICES, type DefaultLevel, type ModeratorSettingsAnswer } from '@belfry/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The `settings` row holding the operator's choice of the level new accounts get. */
const DEFAULT_LEVEL = 'default_level';

const isDefaultLevel = (value: string): value is DefaultLevel =>
  (DEFAULT_LEVEL_CHOICES as readonly string[]).includes(value);

/**
 * The DEFAULT_LEVEL environment setting ('none' when unset). A value that is not a level, or is a
 * staff level, stops the start with a clear error rather than quietly giving accounts something else.
 */
export const environmentDefaultLevel = (env: NodeJS.ProcessEnv = process.env): DefaultLevel => {
  const raw = (env.DEFAULT_LEVEL ?? '').trim();
  if (raw === '') return 'none';
  if (!isDefaultLevel(raw)) {
    throw new Error(`DEFAULT_LEVEL: "${raw}" is not one of ${DEFAULT_LEVEL_CHOICES.join(', ')}.`);
  }
  return raw;
};

/** The console's choice, if the operator made one (a row that is no longer a valid choice is ignored). */
export const storedDefaultLevel = async (db: Kysely<Database>): Promise<DefaultLevel | null> => {
  const row = await db.selectFrom('settings').select('value').where('name', '=', DEFAULT_LEVEL).executeTakeFirst();
  return row && isDefaultLevel(row.value) ? row.value : null;
};

/**
 * The level a new account gets (after the first one, which administers the install): the console's
 * choice, else DEFAULT_LEVEL. Read at every registration, so a change on one node holds on all.
 */
export const defaultLevelForNewAccounts = async (db: Kysely<Database>): Promise<DefaultLevel> =>
  (await storedDefaultLevel(db)) ?? environmentDefaultLevel();

export const defaultLevelSettings = async (db: Kysely<Database>): Promise<ModeratorSettingsAnswer> => {
  const stored = await storedDefaultLevel(db);
  const fromEnvironment = environmentDefaultLevel();
  return { defaultLevel: stored ?? fromEnvironment, stored, fromEnvironment };
};

/** Stores the operator's choice; null removes it, so DEFAULT_LEVEL applies again. */
export const storeDefaultLevel = async (
  db: Kysely<Database>,
  level: DefaultLevel | null,
  now = Date.now(),
): Promise<void> => {
  if (level === null) {
    await db.deleteFrom('settings').where('name', '=', DEFAULT_LEVEL).execute();
    return;
  }
  await db
    .insertInto('settings')
    .values({ name: DEFAULT_LEVEL, value: level, updated_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: level, updated_at: now }))
    .execute();
};
