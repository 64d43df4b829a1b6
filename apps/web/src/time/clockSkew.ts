import { CLOCK_SKEW_LIMIT_MS } from '@belfry/engine';

/** Positive when the server is ahead of this device. */
export const clockOffset = (serverTime: number, clientTime: number): number => serverTime - clientTime;

/** Spec 2 §2: the device clock is out of sync when it differs from the server by more than 60 s. */
export const isClockOutOfSync = (offsetMs: number): boolean => Math.abs(offsetMs) > CLOCK_SKEW_LIMIT_MS;

/** The Clock page states the difference in whole minutes, rounded. */
export const skewMinutes = (offsetMs: number): number => Math.round(Math.abs(offsetMs) / 60_000);

/** Spec 2 §2 "Clock page": back to the Grimoire with a session, the Lobby when logged in, else Login. */
export const clockReturnPath = ({ hasSession, loggedIn }: { hasSession: boolean; loggedIn: boolean }): string => {
  if (!loggedIn) return '/login';
  return hasSession ? '/play' : '/';
};
