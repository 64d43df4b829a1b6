import { SESSION_DISCONNECTED } from '@belfry/engine';
import type { Ack } from '@belfry/protocol';
import { AppError, toAppError } from '../api/appError';

export type AckOk<T extends object = object> = Extract<Ack<T>, { ok: true }>;

/** Sends one request with its id and resolves with its acknowledgement (or rejects when none comes). */
export type SendRequest = (event: string, payload: unknown, rid: string) => Promise<Ack<Record<string, unknown>>>;

interface Job {
  event: string;
  payload: unknown;
  /** Sent with every attempt: the server applies a request at most once, however often it arrives. */
  rid: string;
  resolve: (ack: AckOk<Record<string, unknown>>) => void;
  reject: (error: AppError) => void;
}

/** 128 random bits (`getRandomValues` works on plain http too, where `randomUUID` does not). */
export const newRequestId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export const disconnectedError = (): AppError => new AppError('session_disconnected', SESSION_DISCONNECTED);

/**
 * Spec 1 §7: requests go out one at a time, each waiting for its acknowledgement before the next
 * is sent, so the server sees them in the order the user made them. While disconnected a request
 * is refused at once with 'Session disconnected' instead of waiting for a connection that may not come.
 * A request in flight when the connection drops (a node died, issue 16) is held and sent again with
 * the same id once reconnected; the server applies it at most once.
 */
export class RequestQueue {
  private waiting: Job[] = [];
  private inFlight: Job | null = null;
  private held = false;

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
      this.waiting.push({ event, payload, rid: newRequestId(), resolve: resolve as Job['resolve'], reject });
      this.pump();
    });
  }

  /** Refuses everything queued or awaiting an answer, e.g. when the connection is over. */
  failAll(error: AppError = disconnectedError()): void {
    const jobs = this.inFlight ? [this.inFlight, ...this.waiting] : this.waiting;
    this.inFlight = null;
    this.waiting = [];
    this.held = false;
    for (const job of jobs) job.reject(error);
  }

  /** The connection dropped: what is in flight and queued waits to be sent again. */
  hold(): void {
    this.held = true;
  }

  /** Connected again: the request in flight goes out again (same id), then the queue carries on. */
  resume(): void {
    if (!this.held) return;
    this.held = false;
    if (this.inFlight) this.attempt(this.inFlight);
    else this.pump();
  }

  private pump(): void {
    if (this.inFlight || this.held) return;
    const job = this.waiting.shift();
    if (!job) return;
    if (!this.isConnected()) {
      job.reject(disconnectedError());
      this.pump();
      return;
    }
    this.inFlight = job;
    this.attempt(job);
  }

  private attempt(job: Job): void {
    const finish = (settle: () => void) => {
      // A job abandoned by failAll, or answered by another attempt, may still get a late answer.
      if (this.inFlight !== job) return;
      this.inFlight = null;
      settle();
      this.pump();
    };
    this.send(job.event, job.payload, job.rid).then(
      (ack) =>
        finish(() =>
          ack.ok
            ? job.resolve(ack)
            : job.reject(new AppError(ack.error.code, ack.error.message, undefined, ack.error.retryAfter)),
        ),
      (error: unknown) => {
        // Lost with the connection: resume() sends it again.
        if (this.held && this.inFlight === job) return;
        finish(() => job.reject(toAppError(error)));
      },
    );
  }
}
