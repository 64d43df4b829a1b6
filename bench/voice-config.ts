import os from 'node:os';

/** The voice benchmark's settings (README "voice.ts"), from the environment. */
export interface VoiceConfig {
  roomSize: number;
  talkers: number;
  rotateMs: number;
  /** Rooms connected one after the other on a quiet server, for the connect time. */
  connectRooms: number;
  /** Room counts measured, in order; the ramp stops at the first loss or a saturated generator. */
  steps: number[];
  warmupSeconds: number;
  windowSeconds: number;
  threads: number;
  /** Cores for the chat server with its Janus, and for this process; null: not pinned. */
  pin: { server: number; generator: number } | null;
  connectTimeoutMs: number;
  /** First wait up to this long until other processes use < 0.2 cores. */
  waitQuietSeconds: number;
  hardLimitSeconds: number;
}

const int = (name: string, fallback: number, min: number, max: number): number => {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${text}`);
  }
  return value;
};

export const voiceConfig = (): VoiceConfig => {
  const cores = os.availableParallelism();
  const stepsText = process.env.BENCH_VOICE_ROOMS || '1,2,4,6,8,10,12,14,16';
  const steps = stepsText.split(',').map(Number);
  if (steps.some((n, i) => !Number.isInteger(n) || n < 1 || n > 60 || (i > 0 && n <= steps[i - 1]!))) {
    throw new Error(`BENCH_VOICE_ROOMS must be increasing room counts from 1 to 60, got ${stepsText}`);
  }
  const pinned = (process.env.BENCH_VOICE_PIN ?? (cores >= 2 ? '1' : '0')) !== '0';
  const config: VoiceConfig = {
    roomSize: int('BENCH_VOICE_ROOM_SIZE', 20, 2, 50),
    talkers: int('BENCH_VOICE_TALKERS', 3, 0, 50),
    rotateMs: int('BENCH_VOICE_ROTATE_MS', 4_000, 100, 60_000),
    connectRooms: int('BENCH_VOICE_CONNECT_ROOMS', 3, 1, 20),
    steps,
    warmupSeconds: int('BENCH_VOICE_WARMUP_SECONDS', 5, 1, 120),
    windowSeconds: int('BENCH_VOICE_WINDOW_SECONDS', 10, 10, 600),
    threads: int('BENCH_VOICE_THREADS', 1, 1, 16),
    pin: pinned && cores >= 2 ? { server: 0, generator: 1 } : null,
    connectTimeoutMs: int('BENCH_VOICE_CONNECT_TIMEOUT_MS', 30_000, 1_000, 300_000),
    waitQuietSeconds: int('BENCH_WAIT_QUIET_SECONDS', 0, 0, 3_600),
    hardLimitSeconds: int('BENCH_HARD_LIMIT_SECONDS', 900, 30, 7_200),
  };
  if (config.talkers > config.roomSize) throw new Error('BENCH_VOICE_TALKERS must not exceed BENCH_VOICE_ROOM_SIZE');
  return config;
};
