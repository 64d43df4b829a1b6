import { MAX_PLAYERS } from '@belfry/engine';
import { USABLE_CORES } from './cpu';

/** The knobs of one benchmark run; every one can be set from the environment (README.md). */
export interface BenchConfig {
  sessions: number;
  /** Sockets per session: socket 0 is the Storyteller, the others are players. */
  sockets: number;
  /** Closed loop: each player claims, then vacates, then claims... its own seat this many times. */
  rounds: number;
  /** The closed loop of each server stops early (after the intents in flight) once this passes. */
  maxLoadSeconds: number;
  /** An intent whose ack or update takes longer than this counts as timed out. */
  intentTimeoutMs: number;
  /** Sockets opened at once while connecting (spread over the client threads). */
  connectBatch: number;
  /** Worker threads running the client sockets; the server has a thread of its own besides. */
  clientThreads: number;
  /** Open loop: seconds of sending on a fixed schedule, per server; 0 leaves the open loop out. */
  openSeconds: number;
  /** Open loop: every session sends a seat intent every this many ms. */
  openRateMs: number;
  /** Open loop: every session's Storyteller writes to the town square every this many ms; 0 for none. */
  openChatMs: number;
  /** Seconds with every socket connected and nobody acting; 0 leaves the idle phase out. */
  idleSeconds: number;
  /** Single-session figures (chat cost, bytes per vote step and join) besides the load. */
  probes: boolean;
  /** Chat cost: seconds of each of the two phases of the neighbour measurement (alone, beside a chat). */
  chatSeconds: number;
  /** Chat cost: messages per second the chatting session writes while its neighbour is measured. */
  chatPerSecond: number;
  /**
   * ServerConfig.socketRateFactor of the Belfry under test. Every bench user plays in every session,
   * so one user's buckets serve as many players as there are sessions.
   */
  rateFactor: number;
  /** Seed of the open loop's phases (printed; repeats a schedule). */
  seed: number;
  /** Before starting, wait up to this long until other processes leave the machine quiet; 0: do not wait. */
  waitQuietSeconds: number;
  /** The whole run gives up (exit 1) after this; keeps a stuck run from hanging. */
  hardLimitSeconds: number;
  /** Belfry's pino level; 'silent' for measuring, 'warn' to see what the server complains about. */
  logLevel: string;
  /**
   * What the load's Belfry clients run on: `wire` (Socket.IO's protocol over a bare WebSocket,
   * wire-client.ts) or `socket.io` (socket.io-client, view-client.ts).
   */
  client: LoadClient;
}

export type LoadClient = 'wire' | 'socket.io';
const LOAD_CLIENTS: readonly LoadClient[] = ['wire', 'socket.io'];

const integer = (name: string, fallback: number, min: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be an integer of at least ${min}, got "${raw}".`);
  return value;
};

const positive = (name: string, fallback: number) => integer(name, fallback, 1);
const nonNegative = (name: string, fallback: number) => integer(name, fallback, 0);

/**
 * Cores left once the server has one (the main thread only orchestrates and needs none of its own), and
 * at least two: every socket of a thread waits out that thread's collections, and each browser has a
 * heap of its own. With one thread for 8,000 sockets on two cores its scavenges stopped them all 1.7 %
 * of the open loop and added ~1.5 ms to Belfry's p99 (README.md, "What the load clients run on").
 */
export const defaultClientThreads = () => Math.max(2, USABLE_CORES - 1);

/** The defaults an entry point changes (bench:all sends a shorter closed loop, for instance). */
export type BenchDefaults = Partial<Omit<BenchConfig, 'hardLimitSeconds' | 'rateFactor' | 'seed' | 'waitQuietSeconds'>>;

const loadClient = (): LoadClient => {
  const raw = process.env.BENCH_CLIENT || 'wire';
  if (!(LOAD_CLIENTS as readonly string[]).includes(raw)) {
    throw new Error(`BENCH_CLIENT must be one of ${LOAD_CLIENTS.join(', ')}, got "${raw}".`);
  }
  return raw as LoadClient;
};

export const configFromEnv = (defaults: BenchDefaults = {}): BenchConfig => {
  const sessions = positive('BENCH_SESSIONS', defaults.sessions ?? 100);
  const partial = {
    sessions,
    sockets: positive('BENCH_SOCKETS', defaults.sockets ?? 10),
    rounds: positive('BENCH_ROUNDS', defaults.rounds ?? 10),
    maxLoadSeconds: positive('BENCH_MAX_LOAD_SECONDS', defaults.maxLoadSeconds ?? 90),
    intentTimeoutMs: positive('BENCH_INTENT_TIMEOUT_MS', defaults.intentTimeoutMs ?? 10_000),
    connectBatch: positive('BENCH_CONNECT_BATCH', defaults.connectBatch ?? 50),
    clientThreads: positive('BENCH_CLIENT_THREADS', defaults.clientThreads ?? defaultClientThreads()),
    openSeconds: nonNegative('BENCH_OPEN_SECONDS', defaults.openSeconds ?? 20),
    openRateMs: positive('BENCH_OPEN_RATE_MS', defaults.openRateMs ?? 2000),
    openChatMs: nonNegative('BENCH_OPEN_CHAT_MS', defaults.openChatMs ?? 10_000),
    idleSeconds: nonNegative('BENCH_IDLE_SECONDS', defaults.idleSeconds ?? 0),
    probes: (process.env.BENCH_PROBES ?? (defaults.probes ? '1' : '0')) !== '0',
    chatSeconds: positive('BENCH_CHAT_SECONDS', defaults.chatSeconds ?? 15),
    chatPerSecond: positive('BENCH_CHAT_PER_SECOND', defaults.chatPerSecond ?? 2),
    // At least 64: a single user's chat burst (8 × 64) then fills a session's 500 kept messages at once.
    rateFactor: positive('BENCH_RATE_FACTOR', Math.max(sessions, 64)),
    seed: nonNegative('BENCH_SEED', Math.floor(Math.random() * 2 ** 31)),
    waitQuietSeconds: nonNegative('BENCH_WAIT_QUIET_SECONDS', 0),
    logLevel: process.env.BENCH_LOG_LEVEL || 'silent',
    client: loadClient(),
  };
  // Joining, two load loops per server, the idle phase, the probes, closing: generous, yet bounded.
  const sockets = partial.sessions * partial.sockets;
  const estimate =
    120 +
    Math.ceil(sockets / 40) +
    2 * (partial.maxLoadSeconds + partial.intentTimeoutMs / 1000) +
    2 * (partial.openSeconds + partial.intentTimeoutMs / 1000) +
    partial.idleSeconds +
    (partial.probes ? 2 * partial.chatSeconds + 90 : 0);
  const config: BenchConfig = {
    ...partial,
    hardLimitSeconds: positive('BENCH_HARD_LIMIT_SECONDS', estimate + partial.waitQuietSeconds),
  };
  // One Storyteller plus one seat per player; a session has at most MAX_PLAYERS seats.
  if (config.sockets < 2 || config.sockets > MAX_PLAYERS + 1) {
    throw new Error(`BENCH_SOCKETS must be between 2 and ${MAX_PLAYERS + 1} (one Storyteller, one seat per player).`);
  }
  return config;
};
