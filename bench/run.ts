import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerUsers } from './accounts';
import { type BelfryResult, runBelfry } from './belfry-run';
import { ClientPool } from './client-pool';
import { type BenchDefaults, configFromEnv } from './config';
import { startHostThread } from './host-thread';
import { pinThreads } from './pin';
import { type ProbeResult, runProbes, TABLE_SEATS } from './probes';
import { type RelayResult, runRelay } from './relay-run';
import { buildReport, formatReport } from './report';
import { processSample, processShare } from './cpu';
import { now, progress, sleep } from './timing';

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

/** Other processes using less than this many cores leave the machine quiet enough to measure. */
const QUIET_CORES = 0.2;

/**
 * Cores other processes kept busy over the last 2 s; with `waitSeconds`, first waits up to that long
 * for three quiet readings in a row (a shared machine: tests or builds of others running).
 */
const otherLoad = async (waitSeconds: number): Promise<number | null> => {
  const deadline = now() + waitSeconds * 1000;
  let quietInARow = 0;
  for (;;) {
    const before = processSample();
    await sleep(2000);
    const busy = processShare(before, processSample()).otherProcesses;
    quietInARow = busy !== null && busy < QUIET_CORES ? quietInARow + 1 : 0;
    if (waitSeconds === 0 || quietInARow >= 3 || busy === null || now() > deadline) return busy;
    if (quietInARow === 0) progress(`waiting for a quiet machine: other processes use ${busy.toFixed(2)} cores`);
  }
};

/** The command line as typed, with the BENCH_ settings that changed it, for the report's header. */
const commandLine = (script: string) => {
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('BENCH_'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${value}`);
  return [...settings, script].join(' ');
};

/**
 * One run: Belfry in a worker thread, the clients in `BENCH_CLIENT_THREADS` more; the probes on a quiet
 * server first (if asked), then joining, idle, closed and open loop; then the ws relay in a fresh
 * thread with the same clients and traffic. Prints the tables and writes results/<file>.
 */
export const runBench = async (script: string, defaults: BenchDefaults, file: string) => {
  const config = configFromEnv(defaults);
  // A stuck phase must end the run instead of hanging the terminal.
  setTimeout(() => {
    console.error(`bench: gave up after ${config.hardLimitSeconds} s (BENCH_HARD_LIMIT_SECONDS)`);
    process.exit(1);
  }, config.hardLimitSeconds * 1000).unref();
  const command = commandLine(script);
  progress(
    `${command}: ${config.sessions} sessions x ${config.sockets} sockets on ${config.clientThreads} client thread(s), ` +
      `seed ${config.seed}, giving up after ${config.hardLimitSeconds} s`,
  );

  const busyBefore = await otherLoad(config.waitQuietSeconds);
  if ((busyBefore ?? 0) > QUIET_CORES) {
    progress(`NOTE: other processes kept ${busyBefore?.toFixed(2)} cores busy just now; the figures will show it`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-bench-'));
  const pool = await ClientPool.start(config.clientThreads);
  try {
    const belfryHost = await startHostThread({
      kind: 'belfry',
      dataDir,
      logLevel: config.logLevel,
      socketRateFactor: config.rateFactor,
    });
    progress(`belfry: listening on 127.0.0.1:${belfryHost.port} (its own thread, SQLite in ${dataDir})`);
    const pinning = await pinThreads(belfryHost, pool);
    progress(`threads: ${pinning}`);
    let belfry: BelfryResult;
    let probes: ProbeResult | null = null;
    let belfryCloseMs: number;
    let registerSeconds: number;
    let users: number;
    try {
      const began = now();
      // Registration (captcha, mailed code, argon2) is slow on purpose: a few users serve every session.
      const tokens = await registerUsers(
        { port: belfryHost.port, dataDir },
        config.probes ? Math.max(config.sockets, TABLE_SEATS + 1) : config.sockets,
      );
      registerSeconds = (now() - began) / 1000;
      users = tokens.length;
      progress(`belfry: registered ${users} users in ${registerSeconds.toFixed(1)} s`);
      if (config.probes) probes = await runProbes(config, belfryHost, pool, tokens);
      try {
        belfry = await runBelfry(config, belfryHost, pool, tokens);
      } finally {
        await pool.all({ type: 'disconnect' });
      }
    } finally {
      belfryCloseMs = await belfryHost.close();
    }
    progress(`belfry: closed in ${(belfryCloseMs / 1000).toFixed(1)} s`);

    const relayHost = await startHostThread({ kind: 'ws-relay', dataDir, logLevel: config.logLevel });
    progress(`ws relay: listening on 127.0.0.1:${relayHost.port} (its own thread)`);
    await pinThreads(relayHost, pool);
    let relay: RelayResult;
    try {
      relay = await runRelay(config, relayHost, pool, belfry.stepsBySession);
    } finally {
      await pool.all({ type: 'disconnect' });
      await relayHost.close();
    }

    const report = buildReport({
      command,
      config,
      registerSeconds,
      users,
      belfry,
      relay,
      belfryCloseMs,
      probes,
      busyBefore,
      pinning,
    });
    console.log(`\n${formatReport(report)}\n`);
    fs.mkdirSync(RESULTS, { recursive: true });
    const out = path.join(RESULTS, file);
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`figures written to ${path.relative(process.cwd(), out) || out}`);
  } finally {
    await pool.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

/** Runs `runBench` as a program: exit code 1 on failure. */
export const main = async (...args: Parameters<typeof runBench>) => {
  try {
    await runBench(...args);
    // Everything is closed by now; this only guards against a handle someone forgets in the future.
    setTimeout(() => {
      console.warn('bench: something kept the process alive after the run; exiting anyway');
      process.exit(0);
    }, 5000).unref();
  } catch (error) {
    console.error('bench failed:', error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  }
};
