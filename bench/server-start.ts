/**
 * Issue 15: how long a (re)started server takes to answer its first request, which is most of what
 * players wait after a crash. Starts the production build (`node apps/server/dist/main.js`, after
 * `npm run build`) and the sources through tsx (what `npm start` ran before), in turns, on an existing
 * SQLite database, and prints the medians and their ratio.
 *
 *   npm run bench:start -w bench                   # idle machine
 *   BENCH_START_HOGS=2 npm run bench:start -w bench # with two busy processes, as on a loaded 2-core CI machine
 *   TSX_DISABLE_CACHE=1 …                           # tsx without its compile cache (a fresh checkout)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_START_RUNS ?? 7);
const HOGS = Number(process.env.BENCH_START_HOGS ?? 0);
const PORT = 18_610;
const built = path.join(root, 'apps/server/dist/main.js');
if (!fs.existsSync(built)) throw new Error('Run `npm run build` first: apps/server/dist/main.js is missing.');

const ways = {
  'node dist/main.js (build)': ['--enable-source-maps', built],
  'tsx src/main.ts (before)': ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
} as const;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'belfry-start-'));

/** Milliseconds from spawning the process to the first 200 of GET /backend/version. */
const startOnce = async (args: readonly string[]): Promise<number> => {
  const begun = performance.now();
  const child = spawn(process.execPath, [...args], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // The server alone: no local chat server beside it.
      LOCAL_CHAT_SERVER: 'off',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${PORT}/backend/version`);
        if (response.ok) return performance.now() - begun;
      } catch {
        // not answering yet
      }
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  }
};

const hogs: ChildProcess[] = Array.from({ length: HOGS }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
try {
  // The first start creates the database; it is not counted.
  await startOnce(ways['node dist/main.js (build)']);
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const [way, args] of Object.entries(ways)) times[way]!.push(await startOnce(args));
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  console.log(`Start to first answer, median of ${RUNS} (${HOGS} busy processes beside it):`);
  for (const [way, list] of Object.entries(times)) {
    console.log(
      `  ${way.padEnd(28)} ${median(list).toFixed(0).padStart(6)} ms   (${list.map((t) => t.toFixed(0)).join(' ')})`,
    );
  }
  const [build, before] = Object.values(times).map(median);
  console.log(`  the build starts in ${((build! / before!) * 100).toFixed(0)} % of the time tsx took`);
} finally {
  for (const hog of hogs) hog.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
