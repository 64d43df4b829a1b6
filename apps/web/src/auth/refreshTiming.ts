import { TOKEN_REFRESH_LEAD_MS } from '@belfry/engine';

/** setTimeout cannot wait longer than this (about 24.8 days); longer waits are re-planned later. */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * How long to wait before refreshing the access token. `accessExpires` is on the server's clock,
 * so the client's clock is shifted by the measured offset (serverTime − Date.now()).
 */
export const refreshDelay = (
  accessExpires: number,
  now: number,
  serverOffsetMs = 0,
  leadMs: number = TOKEN_REFRESH_LEAD_MS,
): number => {
  const serverNow = now + serverOffsetMs;
  return Math.min(MAX_TIMER_DELAY_MS, Math.max(0, accessExpires - leadMs - serverNow));
};

/** True when the access token is already inside the refresh window (or past it). */
export const needsRefresh = (accessExpires: number, now: number, serverOffsetMs = 0): boolean =>
  refreshDelay(accessExpires, now, serverOffsetMs) === 0;
