import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread copies the WAL into the database file. */
export const CHECKPOINT_EVERY_MS = 1_000;

/**
 * A passive checkpoint copies what it can but cannot end the log while writes keep coming: the log
 * starts again from its beginning only when a write finds it all copied, and a write that lands while
 * the checkpoint runs leaves it not quite so. Under a steady stream of writes it grew without end (tens
 * of MB in seconds at ~900 commits/s). Past this many frames (~16 MB) the thread runs a RESTART
 * checkpoint after the passive one, which waits for the write in progress and holds the next ones while
 * it copies the few frames left, so that the next write starts the log again.
 */
export const RESTART_AFTER_FRAMES = 4_000;

/** What one checkpoint reported: frames in the log, frames copied, whether it had to hold writers. */
export interface CheckpointResult {
  log: number;
  checkpointed: number;
  restarted: boolean;
}

/**
 * The thread's own code (plain JavaScript, so that the bundled server and the tests run the same):
 * its own connection to the file, a checkpoint every `everyMs`, and a last one when told to stop.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  let [result] = db.pragma('wal_checkpoint(PASSIVE)');
  const restarted = result.log > workerData.restartAfter;
  if (restarted) [result] = db.pragma('wal_checkpoint(RESTART)');
  parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed, restarted });
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** A last checkpoint, then the thread's connection closes; before the serving connection closes. */
  close(): Promise<void>;
}

export interface CheckpointOptions {
  everyMs?: number;
  restartAfterFrames?: number;
  /** Each checkpoint's result (tests). */
  onCheckpoint?: (result: CheckpointResult) => void;
}

/**
 * SQLite copies its write-ahead log into the database file in the connection whose commit takes the
 * log past 1,000 pages, with two fsyncs: at 300 stored intents/s that stopped the event loop for
 * 4-11 ms about once a second (bench/, every statement timed), in front of every intent and socket
 * frame waiting. The serving connection now never checkpoints (`wal_autocheckpoint = 0`, set by the
 * caller); this thread does, with its own connection. Should the thread fail, `onFailure` is told
 * (once), so that the serving connection checkpoints again rather than let the log grow without end.
 */
export const startCheckpointer = (
  file: string,
  onFailure: (error: Error) => void,
  { everyMs = CHECKPOINT_EVERY_MS, restartAfterFrames = RESTART_AFTER_FRAMES, onCheckpoint }: CheckpointOptions = {},
): Checkpointer => {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, {
    eval: true,
    workerData: { file, driver, everyMs, restartAfter: restartAfterFrames },
  });
  // A server that never closes its database must still be able to exit; close() holds it until done.
  worker.unref();
  let closing = false;
  let failed = false;
  const fail = (error: Error) => {
    if (closing || failed) return;
    failed = true;
    onFailure(error);
  };
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  if (onCheckpoint) worker.on('message', onCheckpoint);
  worker.once('error', fail);
  worker.once('exit', (code) => fail(new Error(`the checkpoint thread stopped (exit code ${code})`)));
  return {
    close: async () => {
      if (closing) return exited;
      closing = true;
      worker.ref();
      worker.postMessage('stop');
      // A last checkpoint is a few fsyncs; one that hangs must not hold the shutdown for ever.
      const timeout = setTimeout(() => void worker.terminate(), 10_000);
      await exited;
      clearTimeout(timeout);
    },
  };
};
