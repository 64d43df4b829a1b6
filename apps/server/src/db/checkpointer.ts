import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread copies the WAL into the database file. */
export const CHECKPOINT_EVERY_MS = 1_000;

/**
 * The thread's own code (plain JavaScript, so that the bundled server and the tests run the same):
 * its own connection to the file, a passive checkpoint every `everyMs` (it copies what it can and
 * never waits for, or holds up, the serving connection's writes), and a last one when told to stop.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)');
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

/**
 * SQLite copies its write-ahead log into the database file in the connection whose commit takes the
 * log past 1,000 pages, with two fsyncs: at 300 stored intents/s that stopped the event loop for
 * 4-11 ms about once a second (bench/, every statement timed), in front of every intent and socket
 * frame waiting. The serving connection now never checkpoints (`wal_autocheckpoint = 0`, set by the
 * caller); this thread does, with its own connection. Should the thread fail, `onFailure` is told, so
 * that the serving connection checkpoints again rather than let the log grow without end.
 */
export const startCheckpointer = (
  file: string,
  onFailure: (error: Error) => void,
  everyMs = CHECKPOINT_EVERY_MS,
): Checkpointer => {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD, { eval: true, workerData: { file, driver, everyMs } });
  // A server that never closes its database must still be able to exit.
  worker.unref();
  let closing = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', (error) => {
    if (!closing) onFailure(error);
  });
  worker.once('exit', (code) => {
    if (!closing) onFailure(new Error(`the checkpoint thread stopped (exit code ${code})`));
  });
  return {
    close: async () => {
      if (closing) return exited;
      closing = true;
      worker.postMessage('stop');
      await exited;
    },
  };
};
