/** What the main thread and a server thread say to each other (see host-thread.ts, server-host.ts). */
export type HostKind = 'belfry' | 'ws-relay';

export interface HostOptions {
  kind: HostKind;
  /** Belfry only: the SQLite folder. */
  dataDir: string;
  /** Belfry only: its log level. */
  logLevel: string;
}

/** Cumulative event-loop time of the server thread, as performance.eventLoopUtilization() counts it. */
export interface LoopTime {
  idle: number;
  active: number;
}

export type ToHost = { type: 'loopTime' } | { type: 'close' };

export type FromHost =
  | { type: 'ready'; port: number }
  | { type: 'loopTime'; loop: LoopTime }
  | { type: 'closed'; ms: number }
  | { type: 'failed'; message: string };
