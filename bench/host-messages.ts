/** What the main thread and a server thread say to each other (see host-thread.ts, server-host.ts). */
import type { ThreadSample } from './cpu';

export type HostKind = 'belfry' | 'ws-relay';

export interface HostOptions {
  kind: HostKind;
  /** Belfry only: what to import the server from (server-bundle.ts); set by startHostThread. */
  serverModule?: string;
  /** Belfry only: the SQLite folder. */
  dataDir: string;
  /** Belfry only: its log level. */
  logLevel: string;
  /**
   * Belfry only: multiplies every user's socket message rates (ServerConfig.socketRateFactor). The
   * load benchmark reuses each user in every session, so one bench user stands for as many players.
   */
  socketRateFactor?: number;
}

/** Cumulative event-loop time of the server thread, as performance.eventLoopUtilization() counts it. */
export interface LoopTime {
  idle: number;
  active: number;
}

export type ToHost =
  | { type: 'loopTime' }
  | { type: 'usage' }
  | { type: 'close' }
  /** Starts a CPU profile of the server thread, or (file set) stops it and writes it there. */
  | { type: 'profile'; file: string | null }
  /** Writes a heap snapshot of the server thread to this file. */
  | { type: 'snapshot'; file: string };

export type FromHost =
  | { type: 'ready'; port: number }
  | { type: 'loopTime'; loop: LoopTime }
  | { type: 'usage'; sample: ThreadSample }
  | { type: 'closed'; ms: number }
  | { type: 'profiled' }
  | { type: 'snapshotted'; ms: number }
  | { type: 'failed'; message: string };
