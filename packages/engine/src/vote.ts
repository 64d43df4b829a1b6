import { VOTE_GRACE_MS, VOTE_MAX_ONE_WAY_MS } from './constants';
import type { Role, Seat, SessionState, VoteState } from './types';

/**
 * The vote clock (spec 1 §4, issue 6). Positions count clockwise from the seat after the nominee
 * (0) to the nominee (N − 1). Locking begins at `voteTimer`, when the counter is 1; it then rises by
 * one per vote-speed interval. A seat is vote-locked when its position is below locked − 1, so the
 * seat at position p locks at voteTimer + (p + 1) × speed and all N are locked at voteTimer + N × speed.
 */
export const positionAfterNominee = (seatIndex: number, nominee: number, seats: number): number =>
  (((seatIndex - nominee - 1) % seats) + seats) % seats;

/** The lock counter at `now` (paused clocks stand still). */
export const lockedAt = (vote: VoteState, seats: number, now: number): number => {
  if (!vote.isInProgress || vote.voteTimer === null) return vote.locked;
  const t = vote.pausedAt ?? now;
  if (t < vote.voteTimer) return vote.locked;
  return Math.min(seats + 1, 1 + Math.floor((t - vote.voteTimer) / vote.speed));
};

export const isPositionLocked = (locked: number, position: number): boolean => position < locked - 1;

/** When the hand reaches (and locks) a seat, for a running, unpaused clock. */
export const lockMoment = (vote: VoteState, seatIndex: number, seats: number): number | null => {
  if (!vote.nomination || vote.voteTimer === null) return null;
  return vote.voteTimer + (positionAfterNominee(seatIndex, vote.nomination[1], seats) + 1) * vote.speed;
};

/** When every seat is locked. */
export const voteEndsAt = (vote: VoteState, seats: number): number | null =>
  vote.voteTimer === null ? null : vote.voteTimer + seats * vote.speed;

/**
 * When the vote is settled and counted: the nominee's seat locks last, and an in-time change from it
 * may still be on its way for the grace (300 ms + up to 1000 ms one way), so the count waits for it.
 */
export const voteSettlesAt = (vote: VoteState, seats: number): number | null => {
  const ends = voteEndsAt(vote, seats);
  return ends === null ? null : ends + VOTE_GRACE_MS + VOTE_MAX_ONE_WAY_MS;
};

/**
 * Fair timing (issue 6): a hand change made at `madeAt` (the client's clock corrected to server
 * time) counts when it was made before the hand reached the seat and arrives (`now`) no later than
 * that moment plus 300 ms plus the sender's measured one-way latency (at most 1000 ms believed).
 */
export const changeCountsInTime = (lock: number, madeAt: number, now: number, oneWayMs: number): boolean =>
  madeAt < lock && now <= lock + VOTE_GRACE_MS + Math.min(Math.max(0, oneWayMs), VOTE_MAX_ONE_WAY_MS);

const hasSpecial = (role: Role | null, type: string, name: string) =>
  role?.special?.some((s) => s.type === type && s.name === name) ?? false;

/** Vote multiplier from the role's special data (Bureaucrat 3, Thief −1, ...); 1 otherwise. */
export const voteMultiplier = (role: Role | null): number => {
  const special = role?.special?.find((s) => s.type === 'vote' && s.name === 'multiplier');
  return typeof special?.value === 'number' ? special.value : 1;
};

const isTraveller = (seat: Seat) => seat.role?.team === 'traveller';

/** Majority: half the living players rounded up; half of all players for a traveller nominee (exile). */
export const majority = (seats: readonly Seat[], nominee: number): number => {
  const target = seats[nominee];
  const counted = target && isTraveller(target) ? seats.length : seats.filter((s) => !s.isDead).length;
  return Math.ceil(counted / 2);
};

/** Votes available: the living (travellers included) and the dead who still hold a vote. */
export const votesAvailable = (seats: readonly Seat[]): number =>
  seats.filter((s) => !s.isDead || !s.isVoteless).length;

/** A seat's character as the whole town knows it: a traveller's, or a revealed one. */
export const publicRole = (seat: Seat): Role | null => (seat.revealed || isTraveller(seat) ? seat.role : null);

/**
 * The tally: each seat's hands times its multiplier (Bureaucrat, Thief: travellers). With
 * `publicOnly`, only multipliers the town can see count, so the town's count never tells a secret
 * character (a custom script may give one a multiplier).
 */
export const voteTotal = (state: Pick<SessionState, 'seats' | 'vote'>, opts: { publicOnly?: boolean } = {}): number =>
  state.vote.votes.reduce((sum, hands, i) => {
    const seat = state.seats[i];
    const role = seat ? (opts.publicOnly ? publicRole(seat) : seat.role) : null;
    return sum + hands * voteMultiplier(role);
  }, 0);

/**
 * A role that lets voteless dead players vote again is in play (the Ferryman's ghost votes): a fabled,
 * or a seat's character the town knows, so that whether one may vote tells nothing secret.
 */
const ghostVotesAlive = (state: Pick<SessionState, 'seats' | 'fabled'>): boolean =>
  state.fabled.some((r) => hasSpecial(r, 'ability', 'ghost-votes')) ||
  state.seats.some((s) => !s.isDead && hasSpecial(publicRole(s), 'ability', 'ghost-votes'));

/** Spec 1 §4 Votes: the living vote; the dead while they hold their token; travellers always. */
export const mayVote = (state: Pick<SessionState, 'seats' | 'fabled'>, seatIndex: number): boolean => {
  const seat = state.seats[seatIndex];
  if (!seat) return false;
  return isTraveller(seat) || !seat.isDead || !seat.isVoteless || ghostVotesAlive(state);
};

/** A dead Banshee raises two hands. */
export const maxHands = (seat: Seat): number => (seat.isDead && seat.role?.id === 'banshee' ? 2 : 1);

/** Hidden votes exist only while a role with a hidden vote is in play (the Organ Grinder). */
export const hiddenVoteAvailable = (seats: readonly Seat[]): boolean =>
  seats.some((s) => hasSpecial(s.role, 'vote', 'hidden'));
