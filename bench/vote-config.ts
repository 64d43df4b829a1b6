import { MAX_PLAYERS, VOTE_SPEED_MAX_MS, VOTE_SPEED_MIN_MS } from '@belfry/engine';

/** The knobs of the vote fairness benchmark; every one can be set from the environment. */
export interface VoteConfig {
  /** Player clients, each on its own seat and behind its own delaying proxy. */
  players: number;
  /** Nominations voted on, one after another. */
  rounds: number;
  /** The vote speed the Storyteller sets (ms per seat). */
  speedMs: number;
  /** Each player's one-way delay is drawn uniformly from 0 to this (ms), the same in both directions. */
  maxDelayMs: number;
  /** Each player changes its hand at a random moment within ± this of its seat's lock moment (ms). */
  windowMs: number;
  /**
   * How players estimate the server's clock: 'ntp' (round trip corrected, the fastest of pingSamples)
   * or 'naive' (serverTime − arrival of the answer, as a plain GET /backend/version comparison gives).
   */
  clock: 'ntp' | 'naive';
  /** `ping` round trips per player for its clock offset estimate (the fastest one is kept). */
  pingSamples: number;
  /** Moments per vote at which every client's hand position is compared. */
  spreadSamples: number;
  /** No new round starts when it could not end before this many seconds of voting. */
  maxVoteSeconds: number;
  /** The whole run gives up (exit 1) after this. */
  hardLimitSeconds: number;
  /** Seed of the delays and change moments, so that a run can be repeated exactly. */
  seed: number;
  logLevel: string;
}

const intFromEnv = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}".`);
  }
  return value;
};

const clockFromEnv = (): VoteConfig['clock'] => {
  const raw = process.env.BENCH_VOTE_CLOCK || 'ntp';
  if (raw !== 'ntp' && raw !== 'naive') throw new Error(`BENCH_VOTE_CLOCK must be ntp or naive, got "${raw}".`);
  return raw;
};

export const voteConfigFromEnv = (): VoteConfig => ({
  players: intFromEnv('BENCH_VOTE_PLAYERS', MAX_PLAYERS, 2, MAX_PLAYERS),
  rounds: intFromEnv('BENCH_VOTE_ROUNDS', 5, 1, 50),
  speedMs: intFromEnv('BENCH_VOTE_SPEED_MS', 1000, VOTE_SPEED_MIN_MS, VOTE_SPEED_MAX_MS),
  maxDelayMs: intFromEnv('BENCH_VOTE_MAX_DELAY_MS', 300, 0, 2000),
  windowMs: intFromEnv('BENCH_VOTE_WINDOW_MS', 250, 0, 5000),
  clock: clockFromEnv(),
  pingSamples: intFromEnv('BENCH_VOTE_PING_SAMPLES', 10, 1, 100),
  spreadSamples: intFromEnv('BENCH_VOTE_SPREAD_SAMPLES', 8, 1, 100),
  maxVoteSeconds: intFromEnv('BENCH_VOTE_MAX_SECONDS', 135, 10, 3600),
  hardLimitSeconds: intFromEnv('BENCH_HARD_LIMIT_SECONDS', 175, 10, 7200),
  seed: intFromEnv('BENCH_VOTE_SEED', Math.floor(Math.random() * 2 ** 31), 0, 2 ** 31 - 1),
  logLevel: process.env.BENCH_LOG_LEVEL || 'silent',
});
