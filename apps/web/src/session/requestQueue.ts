import { SESSION_DISCONNECTED } from '@belfry/engine';
import type { Ack } from '@belfry/protocol';
import { AppError, toAppError } from '../errors/appError';

export type AckOk<T extends object = object> = Extract<Ack<T>, { ok: true }>;

/** Sends one request and resolves with its acknowledgement (or rejects when none comes). */
export type SendRequest = (event: string, payload: unknown) => Promise<Ack<Record<string, unknown>>>;

interface Job {
  event: string;
  payload: unknown;
  resolve: (ack: AckOk<Record<string, unknown>>) => void;
  reject: (error: AppError) => void;
}

export const disconnectedError = (): AppError => new AppError('session_disconnected', SESSION_DISCONNECTED);

/**
 * Spec 1 §7: requests go out one at a time, each waiting for its acknowledgement before the next
 * is sent, so the server sees them in the order the user made them. While disconnected a request
 * is refused at once with 'Session disconnected' instead of waiting for a connection that may not come.
 */
export class RequestQueue {
  private waiting: Job[] = [];
  private inFlight: Job | null = null;

  constructor(
    private readonly send: SendRequest,
    private readonly isConnected: () => boolean,
  ) {}

  get pendingCount(): number {
    return this.waiting.length + (this.inFlight ? 1 : 0);
  }

  request<T extends object = object>(event: string, payload: unknown): Promise<AckOk<T>> {
    if (!this.isConnected()) return Promise.reject(disconnectedError());
    return new Promise<AckOk<T>>((resolve, reject) => {
      this.waiting.push({ event, payload, resolve: resolve as Job['resolve'], reject });
      this.pump();
    });
  }

  /** Refuses everything queued or awaiting an answer, e.g. when the connection drops. */
  failAll(error: AppError = disconnectedError()): void {
    const jobs = this.inFlight ? [this.inFlight, ...this.waiting] : this.waiting;
    this.inFlight = null;
    this.waiting = [];
    for (const job of jobs) job.reject(error);
  }

  private pump(): void {
    if (this.inFlight) return;
    const job = this.waiting.shift();
    if (!job) return;
    if (!this.isConnected()) {
      job.reject(disconnectedError());
      this.pump();
      return;
    }
    this.inFlight = job;
    const finish = (settle: () => void) => {
      // A job abandoned by failAll may still get a late answer; it must not disturb the queue.
      if (this.inFlight !== job) return;
      this.inFlight = null;
      settle();
      this.pump();
    };
    this.send(job.event, job.payload).then(
      (ack) => finish(() => (ack.ok ? job.resolve(ack) : job.reject(new AppError(ack.error.code, ack.error.message)))),
      (error: unknown) => finish(() => job.reject(toAppError(error))),
    );
  }
}
