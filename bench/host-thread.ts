import { Worker } from 'node:worker_threads';
import type { ThreadSample } from './cpu';
import type { FromHost, HostOptions, LoopTime, ToHost } from './host-messages';
import { serverModule } from './server-bundle';
import { withTimeout } from './timing';

/** A server running in its own worker thread of this process (see server-host.ts). */
export interface HostThread {
  port: number;
  loopTime(): Promise<LoopTime>;
  /** The server thread's event loop and CPU readings (cpu.ts). */
  usage(): Promise<ThreadSample>;
  /** Starts a CPU profile of the server thread (null), or stops it and writes it to `file`. */
  profile(file: string | null): Promise<void>;
  /** Writes a heap snapshot of the server thread to `file`; resolves with how long it stopped the thread. */
  snapshot(file: string): Promise<number>;
  /** Closes the server, then ends the thread; resolves with how long the server took to close. */
  close(): Promise<number>;
}

/**
 * Node 20 cannot start a worker from a .ts file even under tsx, so the worker runs a line of
 * JavaScript that registers tsx in that thread first and then imports the TypeScript entry.
 */
const bootstrap = (entry: URL) => {
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
};

/** A worker thread running a TypeScript file of this folder. */
export const startTsWorker = (entry: URL, workerData: unknown) =>
  new Worker(bootstrap(entry), { eval: true, workerData });

export const startHostThread = async (options: HostOptions, timeoutMs = 30_000): Promise<HostThread> => {
  const server = options.kind === 'belfry' ? await serverModule() : undefined;
  const worker = startTsWorker(new URL('./server-host.ts', import.meta.url), { ...options, serverModule: server });
  // One pending answer per message type is all this protocol needs.
  const pending = new Map<FromHost['type'], (message: FromHost) => void>();
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure = error;
    for (const settle of pending.values()) settle({ type: 'failed', message: error.message });
    pending.clear();
  };
  worker.on('message', (message: FromHost) => {
    if (message.type === 'failed') return fail(new Error(`${options.kind} server: ${message.message}`));
    pending.get(message.type)?.(message);
    pending.delete(message.type);
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => {
    if (code !== 0) fail(new Error(`${options.kind} server thread exited with code ${code}`));
  });

  const ask = <T extends FromHost['type']>(type: T, send: ToHost | null, what: string, ms = timeoutMs) =>
    withTimeout(
      new Promise<Extract<FromHost, { type: T }>>((resolve, reject) => {
        if (failure) return reject(failure);
        pending.set(type, (message) => {
          if (message.type === 'failed') reject(new Error(message.message));
          else resolve(message as Extract<FromHost, { type: T }>);
        });
        if (send) worker.postMessage(send);
      }),
      ms,
      what,
    );

  try {
    const { port } = await ask('ready', null, `starting the ${options.kind} server`);
    return {
      port,
      loopTime: async () => (await ask('loopTime', { type: 'loopTime' }, 'reading the server loop time')).loop,
      usage: async () => (await ask('usage', { type: 'usage' }, 'reading the server thread usage')).sample,
      profile: async (file) => {
        await ask('profiled', { type: 'profile', file }, 'profiling the server thread');
      },
      // A snapshot of a heap of hundreds of MB takes a while.
      snapshot: async (file) =>
        (await ask('snapshotted', { type: 'snapshot', file }, 'writing a heap snapshot', 600_000)).ms,
      close: async () => {
        try {
          return (await ask('closed', { type: 'close' }, `closing the ${options.kind} server`)).ms;
        } finally {
          await worker.terminate();
        }
      },
    };
  } catch (error) {
    await worker.terminate();
    throw error;
  }
};

/** Share of wall time the thread spent running JavaScript between two readings (0..1). */
export const utilization = (before: LoopTime, after: LoopTime): number => {
  const active = after.active - before.active;
  const total = active + (after.idle - before.idle);
  return total > 0 ? active / total : 0;
};
