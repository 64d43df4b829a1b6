/**
 * Vote fairness: does the server count exactly the hand changes made before the hand reached the
 * seat, for players 0–300 ms away, and do all clients draw the hand in the same place?
 * See README.md, "vote-fairness.ts".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type HostThread, startHostThread, utilization } from './host-thread';
import { seededRandom } from './random';
import { progress } from './timing';
import { voteConfigFromEnv, type VoteConfig } from './vote-config';
import { buildVoteReport, formatVoteReport, type VoteRun } from './vote-report';
import { type RoundResult, runRound } from './vote-round';
import { closeTable, setUpTable } from './vote-table';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'vote-fairness.json');
/** Start check, the walk over every seat and the finish, with room to spare. */
const roundBudgetMs = (config: VoteConfig) => 1000 + config.players * config.speedMs + config.windowMs + 3000;

const run = async (config: VoteConfig, host: HostThread, dataDir: string): Promise<VoteRun> => {
  const random = seededRandom(config.seed);
  const table = await setUpTable(config, { port: host.port, dataDir }, random);
  try {
    const rounds: RoundResult[] = [];
    for (const player of table.players) player.proxy.resetStats();
    const serverBefore = await host.loopTime();
    const clientBefore = performance.eventLoopUtilization();
    // Stalls of this thread delay the proxies and the players' timers alike (other load on the machine shows here).
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const began = Date.now();
    let stoppedEarly = false;
    for (let round = 0; round < config.rounds; round++) {
      if (Date.now() - began + roundBudgetMs(config) > config.maxVoteSeconds * 1000) {
        stoppedEarly = true;
        break;
      }
      const result = await runRound(table, config, round, random);
      rounds.push(result);
      const inTime = result.changes.filter((c) => c.inTime);
      const late = result.changes.filter((c) => !c.inTime);
      const counted = (c: { accepted: boolean; inFinalView: boolean }) => c.accepted && c.inFinalView;
      progress(
        `round ${round + 1}/${config.rounds}: seat ${result.nominator} nominated seat ${result.nominee}; ` +
          `in time counted ${inTime.filter(counted).length}/${inTime.length}, ` +
          `late counted ${late.filter(counted).length}/${late.length}, ` +
          `hand spread max ${Math.max(...result.spreads.map((s) => s.spreadMs)).toFixed(1)} ms`,
      );
    }
    const voteSeconds = (Date.now() - began) / 1000;
    const clientBusy = performance.eventLoopUtilization(clientBefore).utilization;
    loopDelay.disable();
    const clientLoopDelayMs = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
    const serverBusy = utilization(serverBefore, await host.loopTime());
    return { config, table, rounds, stoppedEarly, voteSeconds, serverBusy, clientBusy, clientLoopDelayMs };
  } finally {
    await closeTable(table);
  }
};

const main = async () => {
  const config = voteConfigFromEnv();
  setTimeout(() => {
    console.error(`bench: gave up after ${config.hardLimitSeconds} s (BENCH_HARD_LIMIT_SECONDS)`);
    process.exit(1);
  }, config.hardLimitSeconds * 1000).unref();

  progress(
    `vote fairness: ${config.players} players, ${config.rounds} rounds at ${config.speedMs} ms per seat, ` +
      `delays 0–${config.maxDelayMs} ms, seed ${config.seed}`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-vote-bench-'));
  try {
    const host = await startHostThread({ kind: 'belfry', dataDir, logLevel: config.logLevel });
    progress(`belfry: listening on 127.0.0.1:${host.port} (its own thread, SQLite in ${dataDir})`);
    let result: VoteRun;
    try {
      result = await run(config, host, dataDir);
    } finally {
      await host.close();
    }
    const report = buildVoteReport(result);
    console.log(`\n${formatVoteReport(report)}\n`);
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
