import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type CheckpointResult, startCheckpointer } from '../src/db/checkpointer';
import { type Db, openDatabase } from '../src/db/database';

/** A page of SQLite's is 4,096 bytes: a row of this size takes at least one page of the log. */
const ROW = 'x'.repeat(4_000);
/** SQLite's own checkpoint starts when a commit takes the log past 1,000 pages; these are more. */
const ROWS = 1_500;
/** A frame of the log: a page and its 24-byte header. */
const FRAME = 4_096 + 24;

const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);

/** `pauseMs` between writes: none, or a steady stream (a timer's turn, a millisecond or so). */
const writeRows = async (db: Db, rows: number, pauseMs?: number) => {
  for (let i = 0; i < rows; i++) {
    await sql`insert into scratch (body) values (${ROW})`.execute(db.kysely);
    if (pauseMs !== undefined) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
};

describe('SQLite checkpoints run on their own thread (checkpointer.ts)', { timeout: 60_000 }, () => {
  const open: Db[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const db of open.splice(0)) await db.close();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  const database = async (everyMs: number, restartAfterFrames?: number) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-checkpoint-'));
    dirs.push(dataDir);
    const results: CheckpointResult[] = [];
    const db = await openDatabase({
      dataDir,
      checkpoints: { everyMs, restartAfterFrames, onCheckpoint: (r) => results.push(r) },
    });
    open.push(db);
    await sql`create table scratch (body text not null)`.execute(db.kysely);
    const file = path.join(dataDir, 'belfry.sqlite');
    /**
     * Resolves with the first checkpoint begun from now on that copied the whole log. The first one
     * reported from now on may have begun before (on a slow machine it ran past the last write and
     * copied only the log it had found): the thread runs one at a time, so the second began after it.
     */
    const complete = async () => {
      const from = results.length + 1;
      for (;;) {
        const done = results.slice(from).find((r) => r.log > 0 && r.checkpointed === r.log);
        if (done) return done;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    return { db, dataDir, file, wal: `${file}-wal`, results, complete };
  };

  it('the serving connection does not checkpoint, even past the 1,000 pages where SQLite would', async () => {
    // The thread waits a minute here: whatever reaches the database file meanwhile was copied by the
    // connection that serves the app, in the middle of its writes.
    const { file, wal, db } = await database(60_000);
    const before = sizeOf(file);
    await writeRows(db, ROWS);
    expect(sizeOf(wal)).toBeGreaterThan(ROWS * FRAME);
    expect(sizeOf(file)).toBe(before);
  });

  it('the thread copies the log into the file every period, and the log is then written again from its start', async () => {
    const { file, wal, db, complete } = await database(200);
    // One round's log, when nothing copies it meanwhile, is the most the log may hold after any round.
    const alone = await database(60_000);
    await writeRows(alone.db, ROWS);
    const oneRound = sizeOf(alone.wal);
    for (let round = 1; round <= 3; round++) {
      await writeRows(db, ROWS);
      await complete();
      expect(sizeOf(file)).toBeGreaterThan(round * ROWS * 4_096);
      // Without the checkpoints the log would hold every round so far.
      expect(sizeOf(wal)).toBeLessThanOrEqual(oneRound * 1.1);
    }
  });

  it('under a steady stream of writes the log stays bounded: past its limit the thread holds the writers to end it', async () => {
    // A passive checkpoint alone seldom finds the log all copied while a write lands every millisecond
    // or so, and the log then only grows (3,000 rows are ~9,000 frames here). The limit is 500 frames
    // in this test (4,000 in the app).
    const limit = 500;
    const { wal, db, results } = await database(50, limit);
    await writeRows(db, 3_000, 1);
    expect(results.some((r) => r.restarted)).toBe(true);
    expect(sizeOf(wal)).toBeLessThan(4 * limit * FRAME);
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

  it('tells its owner once when the thread fails, so that the serving connection checkpoints again', async () => {
    const failures: Error[] = [];
    const file = path.join(os.tmpdir(), 'belfry-no-such-folder', 'x', 'belfry.sqlite');
    await new Promise<void>((resolve) => {
      startCheckpointer(file, (error) => {
        failures.push(error);
        resolve();
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(failures).toHaveLength(1);
    expect(failures[0]?.message).toMatch(/directory does not exist|unable to open/i);
  });
});
