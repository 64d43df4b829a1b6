import type { Worker } from 'node:worker_threads';
import type { ClientCommand, ClientReply, ClientRequest } from './client-messages';
import type { ThreadSample } from './cpu';
import { startTsWorker } from './host-thread';
import { withTimeout } from './timing';

/**
 * The client threads (client-thread.ts). Sessions are dealt out round robin, so thread t runs the
 * sessions whose index modulo the thread count is t, for Belfry and for the relay alike.
 */
export class ClientPool {
  private nextId = 1;
  private pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  private constructor(private readonly workers: Worker[]) {
    for (const [t, worker] of workers.entries()) {
      worker.on('message', (reply: ClientReply) => {
        const waiting = this.pending.get(reply.id);
        if (!waiting) return;
        this.pending.delete(reply.id);
        if (reply.ok) waiting.resolve(reply.result);
        else waiting.reject(new Error(`client thread ${t}: ${reply.message}`));
      });
      const fail = (error: Error) => {
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
      };
      worker.on('error', (error) => fail(new Error(`client thread ${t}: ${error.message}`)));
      worker.on('exit', (code) => {
        if (code !== 0) fail(new Error(`client thread ${t} exited with code ${code}`));
      });
    }
  }

  static async start(threads: number): Promise<ClientPool> {
    const workers = Array.from({ length: threads }, () =>
      startTsWorker(new URL('./client-thread.ts', import.meta.url), null),
    );
    try {
      await withTimeout(
        Promise.all(
          workers.map(
            (worker) =>
              new Promise<void>((resolve, reject) => {
                worker.once('message', () => resolve());
                worker.once('error', reject);
              }),
          ),
        ),
        30_000,
        'starting the client threads',
      );
    } catch (error) {
      await Promise.all(workers.map((worker) => worker.terminate()));
      throw error;
    }
    return new ClientPool(workers);
  }

  get size() {
    return this.workers.length;
  }

  /** Which thread runs session (or relay room) `index`. */
  threadOf(index: number) {
    return index % this.workers.length;
  }

  ask<T>(thread: number, command: ClientCommand): Promise<T> {
    const worker = this.workers[thread];
    if (!worker) return Promise.reject(new Error(`no client thread ${thread}`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, command } satisfies ClientRequest);
    });
  }

  /** The same command, or one per thread, to every thread; answers in thread order. */
  all<T>(command: ClientCommand | ((thread: number) => ClientCommand)): Promise<T[]> {
    return Promise.all(
      this.workers.map((_, t) => this.ask<T>(t, typeof command === 'function' ? command(t) : command)),
    );
  }

  usage(): Promise<ThreadSample[]> {
    return this.all<ThreadSample>({ type: 'usage' });
  }

  async close() {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
