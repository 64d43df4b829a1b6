import { performance } from 'node:perf_hooks';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Milliseconds since the epoch with sub-millisecond resolution, on the monotonic clock that every
 * thread of this process shares: a time taken on a client thread and one taken on the main thread
 * can be subtracted (Date.now() has 1 ms steps and may jump).
 */
export const now = () => performance.timeOrigin + performance.now();

/** Sleeps until `at` (a `now()` time); at once when it has passed. */
export const sleepUntil = (at: number) => sleep(Math.max(0, at - now()));

/** Rejects with `what` in the message when `promise` has not settled after `ms`. */
export const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

/**
 * Runs `task` over `items` at most `size` at a time, batch after batch: opening hundreds of sockets at
 * once makes a 2-core machine miss handshake deadlines.
 */
export const inBatches = async <T, R>(
  items: readonly T[],
  size: number,
  task: (item: T, index: number) => Promise<R>,
  onBatch?: (done: number) => void,
): Promise<R[]> => {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    results.push(...(await Promise.all(batch.map((item, i) => task(item, start + i)))));
    onBatch?.(results.length);
  }
  return results;
};

/** Seconds since the run started, for progress lines. */
const startedAt = performance.now();
export const elapsed = () => ((performance.now() - startedAt) / 1000).toFixed(1).padStart(6);

export const progress = (line: string) => console.log(`[${elapsed()} s] ${line}`);
