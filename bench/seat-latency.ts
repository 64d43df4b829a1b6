/**
 * npm run bench: how long a seat claim takes to reach every client of a session under load, next to a
 * bare WebSocket relay carrying the same traffic on the same machine. See README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BelfryResult, runBelfry } from './belfry-run';
import { configFromEnv } from './config';
import { startHostThread } from './host-thread';
import { type RelayResult, runRelay } from './relay-run';
import { buildReport, formatReport } from './report';
import { progress } from './timing';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'seat-latency.json');

const main = async () => {
  const config = configFromEnv();
  // A stuck phase must end the run instead of hanging the terminal or CI.
  setTimeout(() => {
    console.error(`bench: gave up after ${config.hardLimitSeconds} s (BENCH_HARD_LIMIT_SECONDS)`);
    process.exit(1);
  }, config.hardLimitSeconds * 1000).unref();

  progress(
    `seat latency: ${config.sessions} sessions x ${config.sockets} sockets, ${config.rounds} rounds ` +
      `(at most ${config.maxLoadSeconds} s of load per server)`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-bench-'));
  try {
    const belfryHost = await startHostThread({ kind: 'belfry', dataDir, logLevel: config.logLevel });
    progress(`belfry: listening on 127.0.0.1:${belfryHost.port} (its own thread, SQLite in ${dataDir})`);
    let belfry: BelfryResult;
    let closeMs: number;
    try {
      belfry = await runBelfry(config, belfryHost, dataDir);
    } finally {
      closeMs = await belfryHost.close();
    }
    progress(`belfry: closed in ${(closeMs / 1000).toFixed(1)} s`);

    const relayHost = await startHostThread({ kind: 'ws-relay', dataDir, logLevel: config.logLevel });
    progress(`ws relay: listening on 127.0.0.1:${relayHost.port}`);
    let relay: RelayResult;
    try {
      relay = await runRelay(config, relayHost, belfry.stepsBySession);
    } finally {
      await relayHost.close();
    }

    const report = buildReport(config, belfry, relay, closeMs);
    console.log(`\n${formatReport(report)}\n`);
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`figures written to ${path.relative(process.cwd(), RESULTS) || RESULTS}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

try {
  await main();
  // Everything is closed by now; this only guards against a handle someone forgets in the future.
  setTimeout(() => {
    console.warn('bench: something kept the process alive after the run; exiting anyway');
    process.exit(0);
  }, 5000).unref();
} catch (error) {
  console.error('bench failed:', error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
