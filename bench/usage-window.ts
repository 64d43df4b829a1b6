import type { ClientPool } from './client-pool';
import {
  type ProcessSample,
  type ProcessShare,
  processSample,
  processShare,
  type ThreadSample,
  threadSample,
  type ThreadShare,
  threadShare,
} from './cpu';
import type { HostThread } from './host-thread';
import { now, progress } from './timing';
import path from 'node:path';

/** Where the CPU went during one phase (cpu.ts explains the readings). */
export interface CpuFigures {
  seconds: number;
  server: ThreadShare;
  /** One per client thread; empty when the clients ran on the main thread. */
  clients: ThreadShare[];
  main: ThreadShare;
  process: ProcessShare;
  /**
   * Cores the process used beyond its JavaScript threads listed above: V8's garbage collection and
   * compiler helpers, the libuv pool. Null without per-thread readings.
   */
  otherCores: number | null;
}

interface Readings {
  server: ThreadSample;
  clients: ThreadSample[];
  main: ThreadSample;
  process: ProcessSample;
}

const read = async (host: HostThread, pool: ClientPool | null): Promise<Readings> => {
  const [server, clients] = await Promise.all([host.usage(), pool ? pool.usage() : Promise.resolve([])]);
  return { server, clients, main: threadSample(), process: processSample() };
};

/** BENCH_PROFILE_DIR: where each phase's CPU profile of the server thread goes (README "Profiles"). */
const profileDir = process.env.BENCH_PROFILE_DIR || null;

/** BENCH_HEAP_SNAPSHOT_DIR: a heap snapshot of the server thread at the end of each phase (README "Profiles"). */
const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT_DIR || null;

/**
 * Starts measuring now; `end()` gives the figures since. With BENCH_PROFILE_DIR, the server thread is
 * profiled over the same window into `<dir>/<phase>.cpuprofile`.
 */
export const cpuWindow = async (host: HostThread, pool: ClientPool | null, phase?: string) => {
  const profiled = profileDir !== null && phase !== undefined;
  if (profiled) await host.profile(null);
  const began = now();
  const before = await read(host, pool);
  return {
    end: async (): Promise<CpuFigures> => {
      const after = await read(host, pool);
      if (profiled) await host.profile(path.resolve(profileDir, `${phase}.cpuprofile`));
      const server = threadShare(before.server, after.server);
      const clients = after.clients.map((sample, t) => threadShare(before.clients[t] ?? sample, sample));
      const main = threadShare(before.main, after.main);
      const process = processShare(before.process, after.process);
      const threads = [server, main, ...clients].map((share) => share.core);
      const known = threads.every((core): core is number => core !== null);
      const seconds = (now() - began) / 1000;
      if (snapshotDir !== null && phase !== undefined) {
        const file = path.resolve(snapshotDir, `${phase}.heapsnapshot`);
        progress(
          `heap snapshot of the server thread written to ${file} in ${(await host.snapshot(file)).toFixed(0)} ms`,
        );
      }
      return {
        seconds,
        server,
        clients,
        main,
        process,
        otherCores: known ? Math.max(0, process.cores - threads.reduce((sum, core) => sum + core, 0)) : null,
      };
    },
  };
};
