import type { Worker } from 'node:worker_threads';
import { startTsWorker } from './host-thread';
import { withTimeout } from './timing';
import type { VoiceAnswer, VoiceCommand, VoiceReply, VoiceRequest } from './voice-thread';

/** The load generator's worker threads (voice-thread.ts); rooms are dealt out round robin. */
export class VoicePool {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: VoiceAnswer) => void; reject: (e: Error) => void }>();
  private failure: Error | null = null;

  private constructor(private readonly workers: Worker[]) {
    for (const [t, worker] of workers.entries()) {
      worker.on('message', (reply: VoiceReply) => {
        const waiting = this.pending.get(reply.id);
        if (!waiting) return;
        this.pending.delete(reply.id);
        if (reply.ok) waiting.resolve(reply.result);
        else waiting.reject(new Error(`generator thread ${t + 1}: ${reply.message}`));
      });
      const fail = (error: Error) => {
        this.failure ??= error;
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
      };
      worker.on('error', (error) => fail(new Error(`generator thread ${t + 1}: ${error.message}`)));
      worker.on('exit', (code) => {
        if (code !== 0) fail(new Error(`generator thread ${t + 1} exited with code ${code}`));
      });
    }
  }

  static async start(threads: number): Promise<VoicePool> {
    const workers = Array.from({ length: threads }, () =>
      startTsWorker(new URL('./voice-thread.ts', import.meta.url), null),
    );
    const ready = (worker: Worker) =>
      new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve());
        worker.once('error', reject);
      });
    try {
      await withTimeout(Promise.all(workers.map(ready)), 30_000, 'starting the generator threads');
    } catch (error) {
      await Promise.all(workers.map((worker) => worker.terminate()));
      throw error;
    }
    return new VoicePool(workers);
  }

  get size() {
    return this.workers.length;
  }

  ask<T extends VoiceAnswer>(thread: number, command: VoiceCommand, timeoutMs = 120_000): Promise<T> {
    const worker = this.workers[thread];
    if (!worker) return Promise.reject(new Error(`no generator thread ${thread}`));
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: VoiceAnswer) => void, reject });
      worker.postMessage({ id, command } satisfies VoiceRequest);
    });
    return withTimeout(answer, timeoutMs, `generator thread ${thread + 1}: ${command.type}`);
  }

  all<T extends VoiceAnswer>(command: VoiceCommand): Promise<T[]> {
    return Promise.all(this.workers.map((_, t) => this.ask<T>(t, command)));
  }

  /** Closes every peer, then ends the threads. */
  async close(): Promise<void> {
    await this.all({ type: 'close' }).catch(() => undefined);
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
