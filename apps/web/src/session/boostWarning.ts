import { BOOST_WARNING_MS } from '@belfry/engine';

export interface BoostWarning {
  show: boolean;
  /** Whole seconds left (0 when the time is up), for the banner's text. */
  secondsLeft: number;
}

/**
 * Spec 2 §4: users without a subscription are warned when less than 120 s of the session's boost
 * remain. `offsetMs` is serverTime − Date.now(), so the server's clock decides, not the device's.
 * `subscribed` null (the account is not loaded yet) shows nothing.
 */
export const boostWarning = (
  boostUntil: number,
  now: number,
  offsetMs: number,
  subscribed: boolean | null,
): BoostWarning => {
  if (subscribed !== false) return { show: false, secondsLeft: 0 };
  const remaining = boostUntil - (now + offsetMs);
  if (remaining >= BOOST_WARNING_MS) return { show: false, secondsLeft: Math.ceil(remaining / 1000) };
  return { show: true, secondsLeft: Math.max(0, Math.ceil(remaining / 1000)) };
};
