import { describe, expect, it } from 'vitest';
import { clockOffset, clockReturnPath, isClockOutOfSync, skewMinutes } from './clockSkew';

describe('clock skew (spec 2 §2 Clock page)', () => {
  it('is out of sync only beyond 60 s either way', () => {
    expect(isClockOutOfSync(60_000)).toBe(false);
    expect(isClockOutOfSync(-60_000)).toBe(false);
    expect(isClockOutOfSync(60_001)).toBe(true);
    expect(isClockOutOfSync(clockOffset(1_000, 200_000))).toBe(true);
  });

  it('states the difference in rounded whole minutes', () => {
    expect(skewMinutes(89_000)).toBe(1);
    expect(skewMinutes(-90_000)).toBe(2);
    expect(skewMinutes(3 * 3600_000 + 10_000)).toBe(180);
  });

  it('returns to the Grimoire, the Lobby or Login', () => {
    expect(clockReturnPath({ hasSession: true, loggedIn: true })).toBe('/play');
    expect(clockReturnPath({ hasSession: false, loggedIn: true })).toBe('/');
    expect(clockReturnPath({ hasSession: true, loggedIn: false })).toBe('/login');
  });
});
