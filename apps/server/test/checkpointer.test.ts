import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../src/db/checkpointer';
import { type Db, openDatabase } from '../src/db/database';

/** A page of SQLite's is 4,096 bytes: a row of this size takes at least one page of the log. */
const ROW = 'x'.repeat(4_000);
/** SQLite's own checkpoint starts when a commit takes the log past 1,000 pages; these are more. */
const ROWS = 1_500;

const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

const writeRows = async (db: Db, rows: number) => {
  for (let i = 0; i < rows; i++) await sql`insert into scratch (body) values (${ROW})`.execute(db.kysely);
};

describe('SQLite checkpoints run on their own thread (checkpointer.ts)', () => {
  const open: Db[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const db of open.splice(0)) await db.close();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  const database = async (checkpointEveryMs: number) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-checkpoint-'));
    dirs.push(dataDir);
    const db = await openDatabase({ dataDir, checkpointEveryMs });
    open.push(db);
    await sql`create table scratch (body text not null)`.execute(db.kysely);
    const file = path.join(dataDir, 'belfry.sqlite');
    return { db, dataDir, file, wal: `${file}-wal` };
  };

  it('the serving connection does not checkpoint, even past the 1,000 pages where SQLite would', async () => {
    // The thread waits a minute here: whatever reaches the database file meanwhile was copied by the
    // connection that serves the app, in the middle of its writes.
    const { file, wal, db } = await database(60_000);
    const before = sizeOf(file);
    await writeRows(db, ROWS);
    expect(sizeOf(wal)).toBeGreaterThan(ROWS * 4_096);
    expect(sizeOf(file)).toBe(before);
  });

  it('the thread copies the log into the file every period, and the log is then written again from its start', async () => {
    const { file, wal, db } = await database(200);
    // Settled: the file has not grown for three periods, so the thread's last checkpoint is complete.
    const settled = async () => {
      let last = -1;
      let still = 0;
      const end = Date.now() + 10_000;
      while (still < 3 && Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const size = sizeOf(file);
        still = size === last ? still + 1 : 0;
        last = size;
      }
      return last;
    };
    await writeRows(db, ROWS);
    expect(await settled()).toBeGreaterThan(ROWS * 4_096);
    const logAfterFirst = sizeOf(wal);
    for (let round = 2; round <= 3; round++) {
      await writeRows(db, ROWS);
      expect(await settled()).toBeGreaterThan(round * ROWS * 4_096);
      // Without the checkpoints the log would hold every round.
      expect(sizeOf(wal)).toBeLessThan(logAfterFirst * 1.2);
    }
  });

  it('keeps every row through a close and a reopen, with the log emptied on close', async () => {
    const { db, dataDir, wal } = await database(60_000);
    await writeRows(db, 300);
    await db.close();
    open.splice(open.indexOf(db), 1);
    expect(sizeOf(wal)).toBe(0);
    const again = await openDatabase({ dataDir });
    open.push(again);
    const { rows } = await sql<{ n: number }>`select count(*) as n from scratch`.execute(again.kysely);
    expect(rows[0]?.n).toBe(300);
  });

  it('tells its owner when the thread fails, so that the serving connection checkpoints again', async () => {
    const failure = await new Promise<Error>((resolve) => {
      startCheckpointer(path.join(os.tmpdir(), 'belfry-no-such-folder', 'x', 'belfry.sqlite'), resolve, 200);
    });
    expect(failure.message).toMatch(/directory does not exist|unable to open/i);
  });
});
