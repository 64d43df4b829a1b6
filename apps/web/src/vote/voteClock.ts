import { isPositionLocked, lockedAt, positionAfterNominee, VOTE_COUNTDOWN_MS, type VoteState } from '@belfry/engine';

/**
 * Where the vote clock stands at a given server time (spec 1 §4 "Vote lock counter", engine README
 * "The vote clock and fair timing"). Pure: the overlay calls it every animation frame with serverNow().
 *
 * Positions count clockwise from the seat after the nominee (0) to the nominee (N − 1). Locking begins
 * at `voteTimer` (counter 1). During interval p — from voteTimer + p × speed to voteTimer + (p + 1) × speed
 * — the hand stands on the seat at position p (the one being counted); at the end of it that seat
 * locks, and the hand moves on to p + 1. The hand glides to the next seat during the last
 * moments of the interval, so it arrives exactly when the seat it leaves locks.
 */
export type VoteStage =
  /** No nomination. */
  | 'none'
  /** Zookeeper: the accusation (lock −3) and the defence (lock −2). */
  | 'accusation'
  | 'defence'
  /** A nomination, the clock not started (or reset). */
  | 'idle'
  /** 3, 2, 1, go: locking begins when it ends. */
  | 'countdown'
  /** Started without countdown: a 1 s check before locking begins. */
  | 'check'
  | 'counting'
  | 'paused'
  /** Every seat locked. */
  | 'done';

export interface VoteClock {
  stage: VoteStage;
  /** The lock counter at that time (engine `lockedAt`). */
  locked: number;
  /** The hand, in positions after the nominee (continuous, 0 … N − 1). */
  hand: number;
  /** The position the hand stands on (the seat being counted), −1 without a nomination. */
  handPosition: number;
  /** The seat index the hand stands on, −1 without a nomination. */
  handSeat: number;
  /** 3, 2, 1, then 0 for "go" during the countdown; null otherwise. */
  countdown: number | null;
  /** How many seats are locked (0 … N). */
  lockedSeats: number;
}

/** The glide to the next seat takes this share of an interval, at most GLIDE_MAX_MS. */
export const GLIDE_SHARE = 0.25;
export const GLIDE_MAX_MS = 250;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const easeInOut = (x: number) => (x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2);

/** The seat index at a position after the nominee. */
export const seatAtPosition = (position: number, nominee: number, seats: number): number =>
  seats > 0 ? (((nominee + 1 + position) % seats) + seats) % seats : -1;

/** 3, 2, 1, 0 (go) from the time left until locking begins. */
export const countdownDigit = (remainingMs: number): number =>
  clamp(Math.ceil(remainingMs / 1000) - 1, 0, VOTE_COUNTDOWN_MS / 1000 - 1);

/** The hand within interval p, `elapsed` ms into it: p, then gliding to p + 1 over its last part. */
export const handWithin = (position: number, elapsedMs: number, speed: number, seats: number): number => {
  if (position >= seats - 1) return seats - 1; // the nominee is the last seat: the hand rests there
  const glide = Math.min(GLIDE_MAX_MS, speed * GLIDE_SHARE);
  const into = elapsedMs - (speed - glide);
  return into <= 0 ? position : position + easeInOut(clamp(into / glide, 0, 1));
};

const NO_CLOCK: VoteClock = {
  stage: 'none',
  locked: 0,
  hand: 0,
  handPosition: -1,
  handSeat: -1,
  countdown: null,
  lockedSeats: 0,
};

export const voteClockAt = (vote: VoteState, seats: number, serverTime: number): VoteClock => {
  if (!vote.nomination || seats === 0) return NO_CLOCK;
  const nominee = vote.nomination[1];
  const locked = lockedAt(vote, seats, serverTime);
  const lockedSeats = clamp(locked - 1, 0, seats);
  const at = (stage: VoteStage, hand: number, countdown: number | null = null): VoteClock => {
    const handPosition = clamp(Math.floor(hand + 1e-9), 0, seats - 1);
    return {
      stage,
      locked,
      hand,
      handPosition,
      handSeat: seatAtPosition(handPosition, nominee, seats),
      countdown,
      lockedSeats,
    };
  };

  if (!vote.isInProgress || vote.voteTimer === null) {
    if (vote.locked === -3) return at('accusation', 0);
    if (vote.locked === -2) return at('defence', 0);
    if (vote.locked > seats) return at('done', seats - 1);
    return at('idle', 0);
  }
  const t = vote.pausedAt ?? serverTime;
  if (t < vote.voteTimer) {
    // Locking has not begun: the hand waits on the first seat.
    if (vote.pausedAt !== null) return at('paused', 0);
    return vote.locked === -1 ? at('countdown', 0, countdownDigit(vote.voteTimer - t)) : at('check', 0);
  }
  if (locked > seats) return at('done', seats - 1);
  const position = locked - 1;
  const elapsed = t - vote.voteTimer - position * vote.speed;
  return at(vote.pausedAt !== null ? 'paused' : 'counting', handWithin(position, elapsed, vote.speed, seats));
};

/** Whether a seat's vote is locked at that time (its position is below the counter − 1). */
export const isSeatLockedAt = (vote: VoteState, seats: number, seatIndex: number, serverTime: number): boolean => {
  if (!vote.nomination) return false;
  return isPositionLocked(
    lockedAt(vote, seats, serverTime),
    positionAfterNominee(seatIndex, vote.nomination[1], seats),
  );
};

/** When the hand reaches the next seat (the next tick), for a counting clock; null otherwise. */
export const nextTickAt = (vote: VoteState, seats: number, serverTime: number): number | null => {
  if (!vote.nomination || !vote.isInProgress || vote.voteTimer === null || vote.pausedAt !== null) return null;
  if (serverTime < vote.voteTimer) return vote.voteTimer;
  const locked = lockedAt(vote, seats, serverTime);
  if (locked > seats) return null;
  return vote.voteTimer + locked * vote.speed;
};

/** The clock-face angle of a position (radians, 0 at the top, clockwise), seat 0 at the top. */
export const positionAngle = (position: number, nominee: number, seats: number): number =>
  (2 * Math.PI * (nominee + 1 + position)) / seats;
