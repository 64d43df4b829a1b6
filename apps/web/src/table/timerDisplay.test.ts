import type { Timer } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { timerDisplay, timerJustExpired } from './timerDisplay';

const timer = (expiration: number, paused: number | null = null): Timer => ({
  expiration,
  title: '',
  isPausedDuringVotes: false,
  paused,
});

describe('timer display (spec 1 §4 Timer)', () => {
  it('shows whole minutes rounded up above 30 seconds', () => {
    expect(timerDisplay(timer(10 * 60_000), 0)).toEqual({ kind: 'minutes', value: 10 });
    expect(timerDisplay(timer(9 * 60_000 + 1), 0)).toEqual({ kind: 'minutes', value: 10 });
    expect(timerDisplay(timer(30_001), 0)).toEqual({ kind: 'minutes', value: 1 });
  });

  it('shows seconds from 30 to 0', () => {
    expect(timerDisplay(timer(30_000), 0)).toEqual({ kind: 'seconds', value: 30 });
    expect(timerDisplay(timer(29_500), 0)).toEqual({ kind: 'seconds', value: 30 });
    expect(timerDisplay(timer(1), 0)).toEqual({ kind: 'seconds', value: 1 });
  });

  it('shows the ended text past expiry and nothing 5 s after it', () => {
    expect(timerDisplay(timer(1000), 1000)).toEqual({ kind: 'ended' });
    expect(timerDisplay(timer(1000), 5999)).toEqual({ kind: 'ended' });
    expect(timerDisplay(timer(1000), 6000)).toEqual({ kind: 'hidden' });
    expect(timerDisplay(null, 0)).toEqual({ kind: 'hidden' });
  });

  it('stands still while paused for a vote', () => {
    expect(timerDisplay(timer(100_000, 80_000), 99_999_999)).toEqual({ kind: 'seconds', value: 20 });
  });

  it('rings once, when a running timer crosses its expiry', () => {
    expect(timerJustExpired(timer(1000), 900, 1100)).toBe(true);
    expect(timerJustExpired(timer(1000), 1100, 1300)).toBe(false);
    expect(timerJustExpired(timer(1000), 500, 900)).toBe(false);
    expect(timerJustExpired(timer(1000, 800), 900, 1100)).toBe(false);
  });
});
