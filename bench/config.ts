import { MAX_PLAYERS } from '@belfry/engine';

/** The knobs of one benchmark run; every one can be set from the environment. */
export interface BenchConfig {
  sessions: number;
  /** Sockets per session: socket 0 is the Storyteller, the others are players. */
  sockets: number;
  /** Each player claims, then vacates, then claims... its own seat this many times. */
  rounds: number;
  /** The load phase of each server stops early (after the intents in flight) once this passes. */
  maxLoadSeconds: number;
  /** An intent whose ack or update takes longer than this counts as timed out. */
  intentTimeoutMs: number;
  /** Sockets opened at once while connecting. */
  connectBatch: number;
  /** The whole run gives up (exit 1) after this; keeps a stuck run from hanging CI. */
  hardLimitSeconds: number;
  /** Belfry's pino level; 'silent' for measuring, 'warn' to see what the server complains about. */
  logLevel: string;
}

const positiveInt = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}".`);
  return value;
};

export const configFromEnv = (): BenchConfig => {
  const config: BenchConfig = {
    sessions: positiveInt('BENCH_SESSIONS', 100),
    sockets: positiveInt('BENCH_SOCKETS', 10),
    rounds: positiveInt('BENCH_ROUNDS', 10),
    maxLoadSeconds: positiveInt('BENCH_MAX_LOAD_SECONDS', 90),
    intentTimeoutMs: positiveInt('BENCH_INTENT_TIMEOUT_MS', 10_000),
    connectBatch: positiveInt('BENCH_CONNECT_BATCH', 50),
    hardLimitSeconds: positiveInt('BENCH_HARD_LIMIT_SECONDS', 170),
    logLevel: process.env.BENCH_LOG_LEVEL || 'silent',
  };
  // One Storyteller plus one seat per player; a session has at most MAX_PLAYERS seats.
  if (config.sockets < 2 || config.sockets > MAX_PLAYERS + 1) {
    throw new Error(`BENCH_SOCKETS must be between 2 and ${MAX_PLAYERS + 1} (one Storyteller, one seat per player).`);
  }
  return config;
};
