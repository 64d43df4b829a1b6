import type { RateLimiter } from '../auth/rate-limit';
import type { Limit } from '../config';
import { HttpError } from '../http/errors';

/**
 * Session codes looked up from one address: `isLimited` while it has named too many sessions that do
 * not exist, and `miss` counts one more (true once that puts it over the limit). Counted in the
 * database, so every node of a cluster counts together.
 */
export const sessionLookups = (limiter: RateLimiter, limit: Limit, address: string) => {
  const key = `session:ip:${address}`;
  const limited = (error: unknown) => {
    if (error instanceof HttpError && error.code === 'rate_limited') return true;
    throw error;
  };
  return {
    isLimited: () => limiter.check(key, limit).then(() => false, limited),
    miss: () => limiter.hit(key, limit).then(() => false, limited),
  };
};
