import { execFileSync } from 'node:child_process';
import type { ClientPool } from './client-pool';
import { threadSample, USABLE_CORES } from './cpu';
import type { HostThread } from './host-thread';

/**
 * BENCH_PIN (default on with 2 cores or more): the server thread runs on core 0 only, the client
 * threads and this main thread on the other cores (`taskset` on each OS thread), so that the scheduler
 * never puts a client thread on the server's core while another is free; in production the clients run
 * on other machines. V8's helper threads (garbage collection, compilation) run where they may: pinned
 * beside the client threads they made the generator send late by hundreds of ms. Returns what was
 * done, for the table.
 */
export const pinThreads = async (host: HostThread, pool: ClientPool): Promise<string> => {
  const cores = USABLE_CORES;
  if (process.env.BENCH_PIN === '0') return 'not pinned (BENCH_PIN=0)';
  if (cores < 2) return 'not pinned (one core)';
  const others = cores === 2 ? '1' : `1-${cores - 1}`;
  const [server, clients] = await Promise.all([host.usage(), pool.usage()]);
  const threads = [
    { tid: server.tid, cpus: '0' },
    { tid: threadSample().tid, cpus: others },
    ...clients.map((sample) => ({ tid: sample.tid, cpus: others })),
  ];
  try {
    for (const { tid, cpus } of threads) {
      if (tid === null) return 'not pinned (no thread ids in /proc)';
      execFileSync('taskset', ['-p', '-c', cpus, String(tid)], { stdio: 'ignore' });
    }
  } catch (error) {
    return `not pinned (taskset: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
  return `the server thread on core 0, the client threads and the main thread on core${cores === 2 ? '' : 's'} ${others}`;
};
