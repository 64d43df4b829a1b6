import type { VoteState } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import {
  countdownDigit,
  GLIDE_MAX_MS,
  handWithin,
  isSeatLockedAt,
  nextTickAt,
  positionAngle,
  seatAtPosition,
  voteClockAt,
} from './voteClock';

/** 5 seats, seat 0 nominates seat 2: positions 0…4 are seats 3, 4, 0, 1, 2. Locking begins at 10 000. */
const vote = (over: Partial<VoteState> = {}): VoteState => ({
  nomination: [0, 2],
  nominator: 0,
  nominationType: 'regular',
  votes: [0, 0, 0, 0, 0],
  locked: 0,
  speed: 1000,
  isInProgress: true,
  isHidden: false,
  highscore: 0,
  markedPlayer: -1,
  tally: { highscore: 0, markedPlayer: -1 },
  voteTimer: 10_000,
  pausedAt: null,
  history: [],
  ...over,
});

describe('seatAtPosition', () => {
  it('counts clockwise from the seat after the nominee', () => {
    expect([0, 1, 2, 3, 4].map((p) => seatAtPosition(p, 2, 5))).toEqual([3, 4, 0, 1, 2]);
  });
});

describe('countdownDigit (spec 1 §2: 3, 2, 1, go over the 4 s countdown)', () => {
  it('shows 3 for the first second, then 2, 1 and 0 (go) for the last second', () => {
    expect(countdownDigit(4000)).toBe(3);
    expect(countdownDigit(3001)).toBe(3);
    expect(countdownDigit(3000)).toBe(2);
    expect(countdownDigit(2000)).toBe(1);
    expect(countdownDigit(1000)).toBe(0);
    expect(countdownDigit(1)).toBe(0);
  });

  it('stays within 3 … 0 when the clocks disagree', () => {
    expect(countdownDigit(6000)).toBe(3);
    expect(countdownDigit(-50)).toBe(0);
  });
});

describe('handWithin', () => {
  it(`rests on the seat, then glides to the next during the last ${GLIDE_MAX_MS} ms of a 1000 ms interval`, () => {
    expect(handWithin(1, 0, 1000, 5)).toBe(1);
    expect(handWithin(1, 750, 1000, 5)).toBe(1);
    expect(handWithin(1, 875, 1000, 5)).toBeCloseTo(1.5);
    expect(handWithin(1, 1000, 1000, 5)).toBe(2);
  });

  it('glides over a quarter of a fast interval (500 ms: the last 125 ms)', () => {
    expect(handWithin(0, 375, 500, 5)).toBe(0);
    expect(handWithin(0, 437.5, 500, 5)).toBeCloseTo(0.5);
  });

  it('rests on the nominee, the last seat', () => {
    expect(handWithin(4, 999, 1000, 5)).toBe(4);
  });
});

describe('voteClockAt', () => {
  it('has no clock without a nomination', () => {
    expect(voteClockAt(vote({ nomination: null }), 5, 0).stage).toBe('none');
  });

  it('counts down 3, 2, 1, go before locking begins (countdown sets lock −1, voteTimer = start + 4000)', () => {
    const countdown = vote({ locked: -1 });
    expect(voteClockAt(countdown, 5, 6000)).toMatchObject({ stage: 'countdown', countdown: 3, handSeat: 3 });
    expect(voteClockAt(countdown, 5, 7500).countdown).toBe(2);
    expect(voteClockAt(countdown, 5, 8500).countdown).toBe(1);
    expect(voteClockAt(countdown, 5, 9999).countdown).toBe(0);
  });

  it('waits through the 1 s check after start (lock 0)', () => {
    expect(voteClockAt(vote({ locked: 0 }), 5, 9500)).toMatchObject({ stage: 'check', countdown: null, hand: 0 });
  });

  it('moves the hand one seat per speed interval from the seat after the nominee', () => {
    const v = vote({ locked: -1 });
    expect(voteClockAt(v, 5, 10_000)).toMatchObject({ stage: 'counting', locked: 1, handSeat: 3, lockedSeats: 0 });
    expect(voteClockAt(v, 5, 11_000)).toMatchObject({ locked: 2, hand: 1, handSeat: 4, lockedSeats: 1 });
    expect(voteClockAt(v, 5, 12_400)).toMatchObject({ locked: 3, hand: 2, handSeat: 0, lockedSeats: 2 });
    expect(voteClockAt(v, 5, 14_999)).toMatchObject({ locked: 5, hand: 4, handSeat: 2, lockedSeats: 4 });
  });

  it('is done when every seat is locked (voteTimer + N × speed)', () => {
    expect(voteClockAt(vote(), 5, 15_000)).toMatchObject({ stage: 'done', locked: 6, lockedSeats: 5, hand: 4 });
    // After the server completed it: locked N + 1, no longer in progress.
    expect(voteClockAt(vote({ isInProgress: false, voteTimer: null, locked: 6 }), 5, 99_000).stage).toBe('done');
  });

  it('stands still while paused (at the counter of the pause)', () => {
    const paused = vote({ pausedAt: 12_500, locked: 3 });
    expect(voteClockAt(paused, 5, 12_500)).toMatchObject({ stage: 'paused', locked: 3, handSeat: 0 });
    expect(voteClockAt(paused, 5, 60_000)).toMatchObject({ stage: 'paused', locked: 3, hand: 2 });
  });

  it('follows a resumed clock (voteTimer shifted by the pause)', () => {
    // Paused at 12 500 for 7 500 ms: voteTimer 17 500; at 20 000 the hand is on position 2 again.
    expect(voteClockAt(vote({ voteTimer: 17_500, locked: 3 }), 5, 20_000)).toMatchObject({ locked: 3, hand: 2 });
  });

  it('names the zookeeper phases and the idle clock', () => {
    const idle = { isInProgress: false, voteTimer: null };
    expect(voteClockAt(vote({ ...idle, locked: -3 }), 5, 0).stage).toBe('accusation');
    expect(voteClockAt(vote({ ...idle, locked: -2 }), 5, 0).stage).toBe('defence');
    expect(voteClockAt(vote({ ...idle, locked: 0 }), 5, 0)).toMatchObject({ stage: 'idle', handSeat: 3 });
  });
});

describe('isSeatLockedAt (a seat locks when the hand leaves it: voteTimer + (p + 1) × speed)', () => {
  it('locks seat 3 (position 0) at 11 000 and the nominee (position 4) at 15 000', () => {
    const v = vote();
    expect(isSeatLockedAt(v, 5, 3, 10_999)).toBe(false);
    expect(isSeatLockedAt(v, 5, 3, 11_000)).toBe(true);
    expect(isSeatLockedAt(v, 5, 2, 14_999)).toBe(false);
    expect(isSeatLockedAt(v, 5, 2, 15_000)).toBe(true);
  });

  it('locks nothing before the clock starts', () => {
    expect(isSeatLockedAt(vote({ isInProgress: false, voteTimer: null }), 5, 3, 99_000)).toBe(false);
  });
});

describe('nextTickAt', () => {
  it('is the next lock moment while counting, the start of locking during the countdown', () => {
    expect(nextTickAt(vote({ locked: -1 }), 5, 7000)).toBe(10_000);
    expect(nextTickAt(vote(), 5, 10_500)).toBe(11_000);
    expect(nextTickAt(vote(), 5, 15_000)).toBeNull();
    expect(nextTickAt(vote({ pausedAt: 12_500 }), 5, 12_600)).toBeNull();
  });
});

describe('positionAngle', () => {
  it('puts position 0 of a nomination of seat 2 (of 4) at seat 3, three quarters round', () => {
    expect(positionAngle(0, 2, 4)).toBeCloseTo((3 * Math.PI) / 2);
  });
});
