import { BOOST_WARNING_MS } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { boostWarning } from './boostWarning';

describe('boostWarning (spec 2 §4: under 120 s of boost left, users without a subscription are warned)', () => {
  const now = 1_000_000;
  it('uses 120 s', () => {
    expect(BOOST_WARNING_MS).toBe(120_000);
  });

  it('warns under 120 s, not at or above', () => {
    expect(boostWarning(now + 120_000, now, 0, false).show).toBe(false);
    expect(boostWarning(now + 119_999, now, 0, false)).toEqual({ show: true, secondsLeft: 120 });
    expect(boostWarning(now + 30_500, now, 0, false)).toEqual({ show: true, secondsLeft: 31 });
  });

  it('keeps warning once the time is up, at 0 seconds', () => {
    expect(boostWarning(now - 5_000, now, 0, false)).toEqual({ show: true, secondsLeft: 0 });
  });

  it('never warns subscribers, nor before the account is known', () => {
    expect(boostWarning(now + 10_000, now, 0, true).show).toBe(false);
    expect(boostWarning(now + 10_000, now, 0, null).show).toBe(false);
  });

  it('judges by the server clock (offset = serverTime − device time)', () => {
    // The device is 60 s behind the server: 150 s by the device are 90 s by the server.
    expect(boostWarning(now + 150_000, now, 60_000, false)).toEqual({ show: true, secondsLeft: 90 });
    // The device is 60 s ahead: 90 s by the device are 150 s by the server.
    expect(boostWarning(now + 90_000, now, -60_000, false).show).toBe(false);
  });
});
