import { TIMER_HIDE_AFTER_MS, type Timer } from '@belfry/engine';

/** Spec 1 §4 Timer: from 30 s down it counts seconds; above that whole minutes, rounded up. */
export const TIMER_SECONDS_FROM_MS = 30_000;

export type TimerDisplay =
  | { kind: 'minutes'; value: number }
  | { kind: 'seconds'; value: number }
  /** Past expiry: the timer-ended text, until it disappears 5 s after expiry. */
  | { kind: 'ended' }
  | { kind: 'hidden' };

/** Milliseconds left; a timer paused for a vote stands still at the moment it was paused. */
export const timerRemaining = (timer: Timer, now: number): number => timer.expiration - (timer.paused ?? now);

/**
 * What the timer shows at `now` (server time): above 30 s whole minutes rounded up, from 30 s to 0
 * seconds, then the ended text, and nothing 5 s after expiry (the server removes it then too).
 */
export const timerDisplay = (timer: Timer | null, now: number): TimerDisplay => {
  if (!timer) return { kind: 'hidden' };
  const left = timerRemaining(timer, now);
  if (left > TIMER_SECONDS_FROM_MS) return { kind: 'minutes', value: Math.ceil(left / 60_000) };
  if (left > 0) return { kind: 'seconds', value: Math.ceil(left / 1000) };
  if (left > -TIMER_HIDE_AFTER_MS) return { kind: 'ended' };
  return { kind: 'hidden' };
};

/** The timer gong sounds once: when a timer seen running is seen expired (not for one found expired). */
export const timerJustExpired = (timer: Timer | null, before: number, now: number): boolean =>
  timer !== null && timer.paused === null && timerRemaining(timer, before) > 0 && timerRemaining(timer, now) <= 0;
