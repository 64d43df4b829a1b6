/**
 * Runs in a worker thread: one server (Belfry or the ws relay) and nothing else, so that the client
 * sockets (client threads, or the main thread for the small benchmarks) do not share its event loop.
 * Real clients run on other machines; on one shared loop their work would be counted as server latency.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import type * as BelfryServer from '@belfry/server';
import { threadSample } from './cpu';
import type { FromHost, HostOptions, ToHost } from './host-messages';
import { startWsRelay } from './ws-relay';

const port = parentPort;
if (!port) throw new Error('server-host.ts runs as a worker thread (see host-thread.ts).');
const options = workerData as HostOptions;
const say = (message: FromHost) => port.postMessage(message);

const start = async (): Promise<{ port: number; close(): Promise<void> }> => {
  if (options.kind === 'ws-relay') return startWsRelay();
  const { configFromEnv, startServer } = (await import(
    options.serverModule ?? '@belfry/server'
  )) as typeof BelfryServer;
  // Defaults first, so that settings added to ServerConfig later get their ordinary values here too.
  return startServer({
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: options.dataDir,
    databaseUrl: undefined,
    redisUrl: undefined,
    webDist: undefined,
    logLevel: options.logLevel,
    // Longer than any run: the benchmark never refreshes its tokens.
    accessTtlSeconds: 3600,
    refreshTtlSeconds: 3600,
    socketRateFactor: options.socketRateFactor ?? 1,
  });
};

/**
 * BENCH_PROFILE_DIR: one CPU profile and one allocation profile (every sampled allocation, kept or
 * collected: what the scavenges cost; with BENCH_HEAP_LIVE=1 only what is alive at the end: what they
 * copy; with BENCH_HEAP_PROMOTED=1 what no scavenge freed: what they promoted) of this thread per phase;
 * open them in Chrome's DevTools.
 */
let inspector: Session | null = null;
const profile = async (file: string | null) => {
  if (file === null) {
    inspector = new Session();
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
    await inspector.post('HeapProfiler.enable');
    await inspector.post('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: !process.env.BENCH_HEAP_LIVE,
      includeObjectsCollectedByMinorGC: !process.env.BENCH_HEAP_LIVE && !process.env.BENCH_HEAP_PROMOTED,
    });
    return;
  }
  if (!inspector) return;
  const { profile: taken } = await inspector.post('Profiler.stop');
  const { profile: allocations } = await inspector.post('HeapProfiler.stopSampling');
  inspector.disconnect();
  inspector = null;
  await writeFile(file, JSON.stringify(taken));
  await writeFile(file.replace(/\.cpuprofile$/, '.heapprofile'), JSON.stringify(allocations));
};

try {
  const server = await start();
  port.on('message', (message: ToHost) => {
    if (message.type === 'loopTime') {
      const { idle, active } = performance.eventLoopUtilization();
      say({ type: 'loopTime', loop: { idle, active } });
    } else if (message.type === 'usage') {
      say({ type: 'usage', sample: threadSample() });
    } else if (message.type === 'profile') {
      profile(message.file).then(
        () => say({ type: 'profiled' }),
        (error: unknown) => say({ type: 'failed', message: `profile failed: ${String(error)}` }),
      );
    } else if (message.type === 'snapshot') {
      const begun = performance.now();
      writeHeapSnapshot(message.file);
      say({ type: 'snapshotted', ms: performance.now() - begun });
    } else if (message.type === 'close') {
      const begun = performance.now();
      server.close().then(
        () => {
          say({ type: 'closed', ms: performance.now() - begun });
          port.close();
        },
        (error: unknown) => say({ type: 'failed', message: `close failed: ${String(error)}` }),
      );
    }
  });
  say({ type: 'ready', port: server.port });
} catch (error) {
  say({
    type: 'failed',
    message: `start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  });
}
