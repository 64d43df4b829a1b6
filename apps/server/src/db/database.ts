import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import { migrationProvider } from './migrations';
import type { Database } from './schema';
import { type Checkpointer, type CheckpointOptions, startCheckpointer } from './checkpointer';
import { withStatementCache } from './statementCache';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

/**
 * SQLite under `dataDir` by default; PostgreSQL when a URL is given. Runs the migrations.
 * `checkpoints`: how often SQLite's log is copied into its file, and who hears of it (checkpointer.ts; tests).
 */
export const openDatabase = async (opts: {
  dataDir: string;
  databaseUrl?: string | undefined;
  checkpoints?: CheckpointOptions;
}): Promise<Db> => {
  let kysely: Kysely<Database>;
  let dialect: Dialect;
  let checkpointer: Checkpointer | null = null;
  if (opts.databaseUrl) {
    dialect = 'postgres';
    // Loaded only when used: a default (SQLite) start does not pay for the driver.
    const { default: pg } = await import('pg');
    // PostgreSQL returns bigint columns as strings by default; our times fit safely in a JS number.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection closed by the database (restart, failover) must not crash the process.
    pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    dialect = 'sqlite';
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const filePath = path.join(opts.dataDir, 'belfry.sqlite');
    const file = new SQLite(filePath);
    // WAL keeps every committed write through a kill -9 of the process (DESIGN principle 3).
    file.pragma('journal_mode = WAL');
    file.pragma('synchronous = NORMAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    // Checkpoints are another thread's (checkpointer.ts); back to SQLite's own should that thread fail.
    file.pragma('wal_autocheckpoint = 0');
    checkpointer = startCheckpointer(
      filePath,
      (error) => {
        console.error('SQLite checkpoint thread failed; checkpointing on the main thread:', error.message);
        if (file.open) file.pragma('wal_autocheckpoint = 1000');
      },
      opts.checkpoints,
    );
    kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  }
  const { error } = await new Migrator({ db: kysely, provider: migrationProvider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return {
    kysely,
    dialect,
    close: async () => {
      await checkpointer?.close();
      await kysely.destroy();
    },
  };
};
