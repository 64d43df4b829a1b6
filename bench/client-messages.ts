/** What the main thread and a client thread say to each other (client-pool.ts, client-thread.ts). */
import type { LoadClient } from './config';
import type { ThreadSample } from './cpu';

/** One Belfry session as a client thread runs it: socket i is user i (user 0 is the Storyteller). */
export interface SessionSpec {
  /** Index of the session in the whole run (the relay room of the same index carries the same traffic). */
  index: number;
  sessionId: string;
  users: { userId: string; token: string }[];
}

export interface OpenLoopPlan {
  /** now() at which every thread starts its schedule. */
  startAt: number;
  seconds: number;
  rateMs: number;
  /** 0: no chat. */
  chatMs: number;
  timeoutMs: number;
  seed: number;
}

export type ClientCommand =
  | { type: 'connectBelfry'; port: number; sessions: SessionSpec[]; batch: number; client: LoadClient }
  | { type: 'connectRelay'; port: number; rooms: number[]; sockets: number; batch: number }
  /** Resolves once every client of every session sees `users` users online. */
  | { type: 'settle'; users: number; ms: number }
  | { type: 'closedLoop'; rounds: number; deadlineAt: number; timeoutMs: number; stepsByRoom?: number[] }
  | { type: 'openLoop'; plan: OpenLoopPlan }
  /** A full garbage collection now (before an open loop); answers with the ms it took. */
  | { type: 'collect' }
  | { type: 'counters'; reset: boolean }
  | { type: 'usage' }
  | { type: 'progress' }
  | { type: 'disconnect' };

/** What the intents of one kind gave. Times in ms. */
export interface Samples {
  sent: number;
  /** Emit → acknowledgement `{ok: true}` (Belfry only). */
  ackMs: number[];
  /** Emit → the last client of the session (room) has the change. */
  updateMs: number[];
  /** now() at each emit of `updateMs`, in the same order. */
  updateFrom: number[];
  /**
   * The `updateMs` during which the client thread did not collect garbage: what the server and the
   * network took, without the load generator's own pauses (pauses.ts `withoutGc`). Filled in by the
   * client thread when a loop ends.
   */
  updateNoClientGcMs: number[];
  /** Open loop: emit − the moment the schedule said (how far the generator fell behind). */
  lateMs: number[];
  refusals: Record<string, number>;
  ackTimeouts: number;
  updateTimeouts: number;
}

export const emptySamples = (): Samples => ({
  sent: 0,
  ackMs: [],
  updateMs: [],
  updateFrom: [],
  updateNoClientGcMs: [],
  lateMs: [],
  refusals: {},
  ackTimeouts: 0,
  updateTimeouts: 0,
});

export const mergeSamples = (parts: readonly Samples[]): Samples => {
  const out = emptySamples();
  for (const part of parts) {
    out.sent += part.sent;
    out.ackMs.push(...part.ackMs);
    out.updateMs.push(...part.updateMs);
    out.updateFrom.push(...part.updateFrom);
    out.updateNoClientGcMs.push(...part.updateNoClientGcMs);
    out.lateMs.push(...part.lateMs);
    out.ackTimeouts += part.ackTimeouts;
    out.updateTimeouts += part.updateTimeouts;
    for (const [code, count] of Object.entries(part.refusals)) out.refusals[code] = (out.refusals[code] ?? 0) + count;
  }
  return out;
};

export interface ClosedLoopResult {
  samples: Samples;
  /** Steps taken per session (by its run-wide index), so the relay can carry exactly the same traffic. */
  stepsBySession: Record<number, number>;
  stoppedEarly: boolean;
}

export interface OpenLoopResult {
  seat: Samples;
  chat: Samples;
}

/** Traffic a thread's clients received since the last reset. */
export interface Counters {
  sockets: number;
  patchFrames: number;
  patchBytes: number;
  sessionFrames: number;
  sessionBytes: number;
  pings: number;
  /** The clients' own pings (every 60 s, as the web app's) that the server answered. */
  clientPings: number;
  versionGaps: number;
  failedPatches: number;
  /** Relay: messages and bytes received. */
  relayMessages: number;
  relayBytes: number;
}

export interface Progress {
  sent: number;
  done: number;
}

export type ClientReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };

export interface ClientRequest {
  id: number;
  command: ClientCommand;
}

export type { ThreadSample };
