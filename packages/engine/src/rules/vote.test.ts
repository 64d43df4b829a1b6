import { describe, expect, it } from 'vitest';
import { apply } from '../apply';
import {
  DEFAULT_VOTE_SPEED_MS,
  VOTE_CHANGE_DEBOUNCE_MS,
  VOTE_COUNTDOWN_MS,
  VOTE_GRACE_MS,
  VOTE_MAX_ONE_WAY_MS,
  VOTE_START_CHECK_MS,
  ZOOKEEPER_LOCK_START,
} from '../constants';
import type { Intent } from '../intents';
import { code, ok, ST, SYSTEM, T0, tableWith, user } from '../testing';
import { nextTimedIntent } from '../timed';
import type { Actor, Role, SessionState } from '../types';
import { view } from '../view';
import { changeCountsInTime, isPositionLocked, lockedAt, majority, positionAfterNominee, voteTotal } from '../vote';

const runClock = (s: SessionState, until: number): SessionState => {
  for (let next = nextTimedIntent(s); next && next.at <= until; next = nextTimedIntent(s)) {
    s = ok(apply(s, next.intent, SYSTEM, next.at));
  }
  return s;
};
const P = (i: number): Actor => ({ userId: `p${i}`, level: 'none' });

/** Five seated players p0..p4, by day. */
const five = (): SessionState => {
  const s = tableWith(5);
  s.seats.forEach((seat, i) => {
    seat.id = `p${i}`;
    s.users[`p${i}`] = { ...user(`p${i}`), isOnline: true, grimoireAccess: 0 };
  });
  return s;
};
const act = (s: SessionState, who: Actor, intent: Intent, at = T0) => apply(s, intent, who, at);
/** Nominee seat 1 (so positions run 2, 3, 4, 0, 1), started at T0: locking begins at T0 + 1 s. */
const started = (base = five()) => {
  const s = ok(act(base, ST, { type: 'nomination', nominator: 0, nominee: 1 }));
  return ok(act(s, ST, { type: 'voteControl', action: 'start' }));
};
const LOCK = T0 + VOTE_START_CHECK_MS;
const speed = DEFAULT_VOTE_SPEED_MS;
/** The count waits for the nominee's longest grace after every seat is locked. */
const SETTLE = VOTE_GRACE_MS + VOTE_MAX_ONE_WAY_MS;

describe('the lock counter (spec 1 §4)', () => {
  it('positions run clockwise from the seat after the nominee; a seat is locked below locked − 1', () => {
    expect([2, 3, 4, 0, 1].map((seat) => positionAfterNominee(seat, 1, 5))).toEqual([0, 1, 2, 3, 4]);
    expect(isPositionLocked(1, 0)).toBe(false);
    expect(isPositionLocked(2, 0)).toBe(true);
    expect(isPositionLocked(2, 1)).toBe(false);
  });

  it('start: 0 and in progress, locking after a 1 s check, one seat per 1000 ms, finished beyond N', () => {
    const s = started();
    expect(s.vote).toMatchObject({ locked: 0, isInProgress: true, voteTimer: LOCK });
    expect(lockedAt(s.vote, 5, LOCK - 1)).toBe(0);
    expect(lockedAt(s.vote, 5, LOCK)).toBe(1);
    expect(lockedAt(s.vote, 5, LOCK + speed)).toBe(2);
    expect(lockedAt(s.vote, 5, LOCK + 5 * speed)).toBe(6);
    expect(lockedAt(s.vote, 5, LOCK + 50 * speed)).toBe(6);
    expect(runClock(s, LOCK + 5 * speed + SETTLE - 1).vote.isInProgress).toBe(true);
    const done = runClock(s, LOCK + 5 * speed + SETTLE);
    expect(done.vote).toMatchObject({ locked: 6, isInProgress: false });
  });

  it('countdown: −1 and in progress; locking begins after 4 s', () => {
    const s = ok(
      act(ok(act(five(), ST, { type: 'nomination', nominator: 0, nominee: 1 })), ST, {
        type: 'voteControl',
        action: 'countdown',
      }),
    );
    expect(s.vote).toMatchObject({ locked: -1, isInProgress: true, voteTimer: T0 + VOTE_COUNTDOWN_MS });
    expect(lockedAt(s.vote, 5, T0 + VOTE_COUNTDOWN_MS - 1)).toBe(-1);
    expect(lockedAt(s.vote, 5, T0 + VOTE_COUNTDOWN_MS)).toBe(1);
  });

  it('pause only while locked is 1 or more; resume restarts the interval; reset sets 0', () => {
    const s = started();
    expect(code(act(s, ST, { type: 'voteControl', action: 'pause' }, LOCK - 1))).toBe('bad_request');
    const paused = ok(act(s, ST, { type: 'voteControl', action: 'pause' }, LOCK + 1500));
    expect(paused.vote.locked).toBe(2);
    expect(lockedAt(paused.vote, 5, LOCK + 60_000)).toBe(2);
    expect(nextTimedIntent(paused)?.intent.type).not.toBe('voteComplete');
    const resumed = ok(act(paused, ST, { type: 'voteControl', action: 'resume' }, LOCK + 11_500));
    expect(lockedAt(resumed.vote, 5, LOCK + 11_500)).toBe(2);
    // Resuming restarts the interval: the next seat locks a full interval later.
    expect(lockedAt(resumed.vote, 5, LOCK + 11_500 + speed - 1)).toBe(2);
    expect(lockedAt(resumed.vote, 5, LOCK + 11_500 + speed)).toBe(3);
    const reset = ok(act(resumed, ST, { type: 'voteControl', action: 'reset' }, LOCK + 12_000));
    expect(reset.vote).toMatchObject({ locked: 0, isInProgress: false, voteTimer: null });
  });

  it('zookeeper: the lock starts at −3, then −2, then 0', () => {
    let s = ok(act(five(), ST, { type: 'nominationType' }));
    s = ok(act(s, ST, { type: 'nominationType' }));
    expect(s.vote.nominationType).toBe('zookeeper');
    s = ok(act(s, ST, { type: 'nomination', nominator: 0, nominee: 1 }));
    expect(s.vote.locked).toBe(ZOOKEEPER_LOCK_START);
    expect(code(act(s, ST, { type: 'voteControl', action: 'start' }))).toBe('bad_request');
    s = ok(act(s, ST, { type: 'voteControl', action: 'advance' }));
    expect(s.vote.locked).toBe(-2);
    s = ok(act(s, ST, { type: 'voteControl', action: 'advance' }));
    expect(s.vote.locked).toBe(0);
  });
});

describe('nomination type cycle (spec 1 §4, spec 3 §4)', () => {
  it('regular → baker → zookeeper → regular; to zookeeper at lock 0 sets −3; leaving it below −1 resets to 0', () => {
    let s = ok(act(five(), ST, { type: 'nomination', nominator: 0, nominee: 1 }));
    s = ok(act(s, ST, { type: 'nominationType' }));
    expect(s.vote).toMatchObject({ nominationType: 'baker', locked: 0 });
    s = ok(act(s, ST, { type: 'nominationType' }));
    expect(s.vote).toMatchObject({ nominationType: 'zookeeper', locked: -3 });
    s = ok(act(s, ST, { type: 'nominationType' }));
    expect(s.vote).toMatchObject({ nominationType: 'regular', locked: 0 });
    expect(code(act(started(), ST, { type: 'nominationType' }))).toBe('vote_in_progress');
  });
});

describe('nomination (spec 1 §4)', () => {
  it('by day only, not during a vote, Storyteller only; pauses a timer flagged pause-during-votes', () => {
    const night = five();
    night.game.isNight = true;
    expect(code(act(night, ST, { type: 'nomination', nominator: 0, nominee: 1 }))).toBe('bad_request');
    expect(code(act(started(), ST, { type: 'nomination', nominator: 2, nominee: 3 }))).toBe('vote_in_progress');
    expect(code(act(five(), P(0), { type: 'nomination', nominator: 0, nominee: 1 }))).toBe('forbidden');
    let s = ok(act(five(), ST, { type: 'timer', title: '', duration: 600, isPausedDuringVotes: true }));
    s = ok(act(s, ST, { type: 'nomination', nominator: 0, nominee: 1 }, T0 + 100_000));
    expect(s.timer?.paused).toBe(T0 + 100_000);
    s = ok(act(s, ST, { type: 'voteControl', action: 'close' }, T0 + 160_000));
    expect(s.timer).toMatchObject({ paused: null, expiration: T0 + 600_000 + 60_000 });
  });
});

describe('votes (spec 1 §4)', () => {
  it('majority is half the living rounded up; half of all players for a traveller nominee', () => {
    const s = five();
    expect(majority(s.seats, 1)).toBe(3);
    s.seats[0]!.isDead = true;
    s.seats[2]!.isDead = true;
    expect(majority(s.seats, 1)).toBe(2);
    s.seats[1]!.role = { id: 'scapegoat', name: 'Scapegoat', team: 'traveller' };
    expect(majority(s.seats, 1)).toBe(3);
  });

  it('a voter changes a vote at most once per 500 ms; only with their own seat', () => {
    const s = ok(act(five(), ST, { type: 'nomination', nominator: 0, nominee: 1 }));
    const up = ok(act(s, P(3), { type: 'vote', index: 3, value: 1, at: T0 }));
    expect(
      code(act(up, P(3), { type: 'vote', index: 3, value: 0, at: T0 + 499 }, T0 + VOTE_CHANGE_DEBOUNCE_MS - 1)),
    ).toBe('rate_limited');
    expect(
      ok(act(up, P(3), { type: 'vote', index: 3, value: 0, at: T0 + 500 }, T0 + VOTE_CHANGE_DEBOUNCE_MS)).vote.votes[3],
    ).toBe(0);
    expect(code(act(s, P(3), { type: 'vote', index: 4, value: 1, at: T0 }))).toBe('forbidden');
  });

  it('dead players vote while they hold their token and spend it; travellers vote even if voteless', () => {
    const base = five();
    base.seats[4]!.isDead = true;
    base.seats[0]!.isDead = true;
    base.seats[0]!.isVoteless = true;
    let s = started(base);
    expect(code(act(s, P(0), { type: 'vote', index: 0, value: 1, at: T0 }))).toBe('forbidden');
    s = ok(act(s, P(4), { type: 'vote', index: 4, value: 1, at: T0 }));
    s = runClock(s, LOCK + 5 * speed + SETTLE);
    expect(s.seats[4]!.isVoteless).toBe(true);
    const traveller = five();
    traveller.seats[0] = {
      ...traveller.seats[0]!,
      isDead: true,
      isVoteless: true,
      role: { id: 'beggar', name: 'Beggar', team: 'traveller' },
    };
    expect(code(act(started(traveller), P(0), { type: 'vote', index: 0, value: 1, at: T0 }))).toBe('ok');
  });

  it('multipliers scale a vote (Bureaucrat 3, Thief −1); a dead Banshee raises two hands', () => {
    const s = five();
    const bureaucrat: Role = {
      id: 'bureaucrat',
      name: 'Bureaucrat',
      team: 'traveller',
      special: [{ type: 'vote', name: 'multiplier', value: 3 }],
    };
    const thief: Role = {
      id: 'thief',
      name: 'Thief',
      team: 'traveller',
      special: [{ type: 'vote', name: 'multiplier', value: -1 }],
    };
    s.seats[2]!.role = bureaucrat;
    s.seats[3]!.role = thief;
    s.vote.votes = [1, 0, 1, 1, 0];
    expect(voteTotal(s)).toBe(1 + 3 - 1);
    const banshee = five();
    banshee.seats[2] = {
      ...banshee.seats[2]!,
      isDead: true,
      role: { id: 'banshee', name: 'Banshee', team: 'townsfolk' },
    };
    const n = started(banshee);
    expect(ok(act(n, P(2), { type: 'vote', index: 2, value: 2, at: T0 })).vote.votes[2]).toBe(2);
    expect(code(act(started(), P(2), { type: 'vote', index: 2, value: 2, at: T0 }))).toBe('bad_request');
  });

  it('all seats locked: the highscore updates and marks the nominee; a tie clears the mark', () => {
    let s = started();
    for (const i of [2, 3, 4]) s = ok(act(s, P(i), { type: 'vote', index: i, value: 1, at: T0 }));
    s = runClock(s, LOCK + 5 * speed + SETTLE);
    expect(s.vote).toMatchObject({ highscore: 3, markedPlayer: 1 });
    s = ok(act(s, ST, { type: 'voteControl', action: 'finish' }, LOCK + 8000));
    expect(s.vote.history.at(-1)).toMatchObject({
      nominator: 0,
      nominee: 1,
      type: 'execution',
      majority: 3,
      votes: 3,
      voters: ['p2', 'p3', 'p4'],
    });
    expect(s.vote.nomination).toBeNull();
    const again = LOCK + 9000;
    let tie = ok(act(s, ST, { type: 'nomination', nominator: 2, nominee: 3 }, again));
    tie = ok(act(tie, ST, { type: 'voteControl', action: 'start' }, again));
    for (const i of [0, 1, 4]) tie = ok(act(tie, P(i), { type: 'vote', index: i, value: 1, at: again }, again));
    tie = runClock(tie, again + VOTE_START_CHECK_MS + 5 * speed + SETTLE);
    expect(tie.vote).toMatchObject({ highscore: 3, markedPlayer: -1 });
  });

  it('a new phase starts a new count: the highscore and the mark do not carry over', () => {
    const s = five();
    s.game = { ...s.game, isRunning: true, phase: 2 };
    s.vote.highscore = 3;
    s.vote.markedPlayer = 1;
    const night = ok(act(s, ST, { type: 'toggleNight' }, T0 + 60_000));
    expect(night.vote).toMatchObject({ highscore: 0, markedPlayer: -1 });
  });

  it('the highscore input is stored as an absolute number; non-numeric becomes 0', () => {
    expect(ok(act(five(), ST, { type: 'voteHighscore', value: '-4' })).vote.highscore).toBe(4);
    expect(ok(act(five(), ST, { type: 'voteHighscore', value: 'lots' })).vote.highscore).toBe(0);
  });

  it('mark for death only when not hidden, not in progress and not for travellers; then finish', () => {
    expect(code(act(started(), ST, { type: 'marked', value: true }))).toBe('vote_in_progress');
    const s = ok(act(five(), ST, { type: 'nomination', nominator: 0, nominee: 1 }));
    const marked = ok(act(s, ST, { type: 'marked', value: true }));
    expect(marked.vote).toMatchObject({ markedPlayer: 1, nomination: null });
    expect(marked.vote.history).toHaveLength(1);
    const traveller = five();
    traveller.seats[1]!.role = { id: 'beggar', name: 'Beggar', team: 'traveller' };
    const t = ok(act(traveller, ST, { type: 'nomination', nominator: 0, nominee: 1 }));
    expect(code(act(t, ST, { type: 'marked', value: true }))).toBe('bad_request');
  });

  it('secret votes only with a hidden-vote role in play (Organ Grinder); others then see only their own hand', () => {
    expect(code(act(five(), ST, { type: 'voteIsHidden', value: true }))).toBe('bad_request');
    const s = five();
    s.seats[0]!.role = {
      id: 'organgrinder',
      name: 'Organ Grinder',
      team: 'minion',
      special: [{ type: 'vote', name: 'hidden' }],
    };
    let h = ok(act(s, ST, { type: 'voteIsHidden', value: true }));
    h = ok(act(h, ST, { type: 'nomination', nominator: 0, nominee: 1 }));
    h = ok(act(h, P(3), { type: 'vote', index: 3, value: 1, at: T0 }));
    expect(view(h, 'p2').vote.votes[3]).toBe(0);
    expect(view(h, 'p3').vote.votes[3]).toBe(1);
    expect(view(h, 'st').vote.votes[3]).toBe(1);
  });

  it('the vote speed is 500 to 10000 ms, Storyteller only, not during a vote', () => {
    expect(ok(act(five(), ST, { type: 'voteSpeed', speed: 500 })).vote.speed).toBe(500);
    expect(ok(act(five(), ST, { type: 'voteSpeed', speed: 10_000 })).vote.speed).toBe(10_000);
    expect(code(act(five(), ST, { type: 'voteSpeed', speed: 499 }))).toBe('bad_request');
    expect(code(act(five(), ST, { type: 'voteSpeed', speed: 10_001 }))).toBe('bad_request');
    expect(code(act(five(), P(0), { type: 'voteSpeed', speed: 900 }))).toBe('forbidden');
    expect(code(act(started(), ST, { type: 'voteSpeed', speed: 900 }))).toBe('vote_in_progress');
  });
});

describe('fair timing (issue 6)', () => {
  // Seat 2 is at position 0: it locks at LOCK + 1 × speed.
  const seat2Lock = LOCK + speed;

  it(`a change made before the hand reached the seat counts if it arrives within ${VOTE_GRACE_MS} ms plus the one-way latency`, () => {
    expect(changeCountsInTime(seat2Lock, seat2Lock - 1, seat2Lock + VOTE_GRACE_MS, 0)).toBe(true);
    expect(changeCountsInTime(seat2Lock, seat2Lock - 1, seat2Lock + VOTE_GRACE_MS + 1, 0)).toBe(false);
    expect(changeCountsInTime(seat2Lock, seat2Lock - 1, seat2Lock + VOTE_GRACE_MS + 150, 150)).toBe(true);
    expect(changeCountsInTime(seat2Lock, seat2Lock, seat2Lock, 0)).toBe(false);
  });

  it('the server applies it: a late arrival of an in-time change counts; a late change is refused', () => {
    const s = started();
    // The server measured a 200 ms round trip on this player's socket: 100 ms one way.
    const slowP2 = { ...P(2), latency: 200 };
    const arrivesLate = act(s, slowP2, { type: 'vote', index: 2, value: 1, at: seat2Lock - 20 }, seat2Lock + 350);
    expect(code(arrivesLate)).toBe('ok');
    const tooLate = act(s, slowP2, { type: 'vote', index: 2, value: 1, at: seat2Lock - 20 }, seat2Lock + 450);
    expect(code(tooLate)).toBe('vote_locked');
    const changedAfter = act(s, P(2), { type: 'vote', index: 2, value: 1, at: seat2Lock + 5 }, seat2Lock + 10);
    expect(code(changedAfter)).toBe('vote_locked');
    // The nominee's seat (seat 1, position 4) locks last: its in-time change still counts within the grace.
    const nomineeLock = LOCK + 5 * speed;
    const lateNominee = act(
      s,
      P(1),
      { type: 'vote', index: 1, value: 1, at: nomineeLock - 10 },
      nomineeLock + VOTE_GRACE_MS,
    );
    expect(code(lateNominee)).toBe('ok');
    // A claimed moment in the future is read as the arrival time.
    expect(code(act(s, P(3), { type: 'vote', index: 3, value: 1, at: T0 + 999_999 }, LOCK))).toBe('ok');
  });
});
