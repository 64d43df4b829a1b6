import { type Kysely, sql } from 'kysely';
import type { Limit } from '../config';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';

/**
 * Fixed-window counters kept in the database, so every node of a cluster counts together.
 * A key names what is limited: `login:ip:1.2.3.4`, `login:account:a@b.c`.
 */
export class RateLimiter {
  constructor(private readonly db: Kysely<Database>) {}

  /** Counts one request; throws 429 with the seconds until the window ends when over the limit. */
  async hit(key: string, limit: Limit, now = Date.now()): Promise<void> {
    const windowMs = limit.windowSeconds * 1000;
    const stale = now - windowMs;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key: key.slice(0, 300), window_start: now, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN rate_limits.window_start <= ${stale} THEN 1 ELSE rate_limits.count + 1 END`,
          window_start: sql<number>`CASE WHEN rate_limits.window_start <= ${stale} THEN ${now} ELSE rate_limits.window_start END`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    if (row.count > limit.max) throw limited(Number(row.window_start) + windowMs - now);
  }

  /** Throws the same 429 as `hit` while the key is over its limit, without counting this request. */
  async check(key: string, limit: Limit, now = Date.now()): Promise<void> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'window_start'])
      .where('key', '=', key.slice(0, 300))
      .executeTakeFirst();
    const windowEnd = Number(row?.window_start ?? 0) + limit.windowSeconds * 1000;
    if (row && row.count > limit.max && windowEnd > now) throw limited(windowEnd - now);
  }
}

const limited = (ms: number) => {
  const retryAfter = Math.max(1, Math.ceil(ms / 1000));
  return new HttpError(429, 'rate_limited', `Too many attempts. Try again in ${retryAfter} s.`, retryAfter);
};
