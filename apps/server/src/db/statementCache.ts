import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; `in (…)` lists of every length make the set of texts open-ended. */
const KEPT = 256;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running the small
 * inserts and reads of a game (bench/: about a third of a stored intent). Statements are reusable,
 * so each SQL text is prepared once and kept, the least recently used dropped past `KEPT`.
 */
export const withStatementCache = (database: SqliteDatabase): SqliteDatabase => {
  const kept = new Map<string, SqliteStatement>();
  return {
    close: () => {
      kept.clear();
      database.close();
    },
    prepare: (sql) => {
      let statement = kept.get(sql);
      if (statement) kept.delete(sql);
      else statement = database.prepare(sql);
      kept.set(sql, statement);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
};
