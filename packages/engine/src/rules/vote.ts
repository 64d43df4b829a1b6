import {
  HISTORY_KEPT,
  VOTE_CHANGE_DEBOUNCE_MS,
  VOTE_COUNTDOWN_MS,
  VOTE_SPEED_MAX_MS,
  VOTE_SPEED_MIN_MS,
  VOTE_START_CHECK_MS,
  ZOOKEEPER_LOCK_START,
} from '../constants';
import { refuse } from '../errors';
import { seatIndexOf } from '../permissions';
import type { NominationType, VoteLogEntry } from '../types';
import {
  changeCountsInTime,
  hiddenVoteAvailable,
  isPositionLocked,
  lockedAt,
  lockMoment,
  majority,
  maxHands,
  mayVote,
  positionAfterNominee,
  voteSettlesAt,
  voteTotal,
} from '../vote';
import { addHistory, clearNomination, pauseTimerForVote } from './game';
import { requireStoryteller, type RulesFor } from './rule';

const NEXT_TYPE: Record<NominationType, NominationType> = {
  regular: 'baker',
  baker: 'zookeeper',
  zookeeper: 'regular',
};

type VoteIntents =
  | 'nomination'
  | 'nominationType'
  | 'voteSpeed'
  | 'voteControl'
  | 'voteIsHidden'
  | 'vote'
  | 'marked'
  | 'voteHighscore'
  | 'voteComplete';

export const voteRules: RulesFor<VoteIntents> = {
  /** Spec 1 §4 Nomination: by day only, not during a vote, not while revealing. */
  nomination(draft, { nominator, nominee }, actor, now) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (draft.game.isNight) return refuse('bad_request', 'Nominations happen by day.');
    if (draft.vote.isInProgress) return refuse('vote_in_progress', 'A vote is running.');
    if (draft.hook?.name === 'reveal-grimoire')
      return refuse('hook_in_progress', 'Not while the grimoire is revealed.');
    if (!draft.seats[nominator] || !draft.seats[nominee]) return refuse('no_such_seat', 'There is no such seat.');
    const vote = draft.vote;
    vote.nomination = [nominator, nominee];
    vote.nominator = nominator;
    vote.votes = draft.seats.map(() => 0);
    vote.locked = vote.nominationType === 'zookeeper' ? ZOOKEEPER_LOCK_START : 0;
    vote.isInProgress = false;
    vote.voteTimer = null;
    vote.pausedAt = null;
    draft.pointing = null;
    pauseTimerForVote(draft, now);
  },

  /**
   * regular → baker → zookeeper → regular; not while locked above 0 or in progress. With a
   * nomination: to zookeeper at lock 0 sets −3; leaving zookeeper below −1 resets to 0.
   */
  nominationType(draft, _intent, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    const vote = draft.vote;
    if (vote.locked > 0 || vote.isInProgress) return refuse('vote_in_progress', 'Not while a vote is running.');
    const next = NEXT_TYPE[vote.nominationType];
    if (vote.nomination) {
      if (next === 'zookeeper' && vote.locked === 0) vote.locked = ZOOKEEPER_LOCK_START;
      if (vote.nominationType === 'zookeeper' && vote.locked < -1) vote.locked = 0;
    }
    vote.nominationType = next;
  },

  /** Spec 3 §5: 500 to 10000 ms, Storyteller only, not while a vote is locked or running. */
  voteSpeed(draft, { speed }, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (draft.vote.locked > 0 || draft.vote.isInProgress)
      return refuse('vote_in_progress', 'Not while a vote is running.');
    if (!(speed >= VOTE_SPEED_MIN_MS && speed <= VOTE_SPEED_MAX_MS)) {
      return refuse('bad_request', `The vote speed is ${VOTE_SPEED_MIN_MS} to ${VOTE_SPEED_MAX_MS} ms.`);
    }
    draft.vote.speed = Math.round(speed);
  },

  voteControl(draft, { action }, actor, now) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    const vote = draft.vote;
    if (!vote.nomination) return refuse('no_vote', 'There is no nomination.');
    const seats = draft.seats.length;
    const locked = lockedAt(vote, seats, now);
    switch (action) {
      case 'advance': // zookeeper: accusation (−3) → defence (−2) → idle (0)
        if (vote.locked === -3) vote.locked = -2;
        else if (vote.locked === -2) vote.locked = 0;
        else return refuse('bad_request', 'Nothing to advance.');
        return;
      case 'countdown': // 3, 2, 1, go: locking begins after 4 s
      case 'start': // locking begins after a 1 s check
        if (vote.isInProgress) return refuse('vote_in_progress', 'The vote is running.');
        if (vote.locked < -1) return refuse('bad_request', 'The accusation and the defence come first.');
        vote.locked = action === 'countdown' ? -1 : 0;
        vote.isInProgress = true;
        vote.pausedAt = null;
        vote.voteTimer = now + (action === 'countdown' ? VOTE_COUNTDOWN_MS : VOTE_START_CHECK_MS);
        return;
      case 'pause': // only while locked is 1 or more
        if (!vote.isInProgress || vote.pausedAt !== null || locked < 1)
          return refuse('bad_request', 'Only a counting vote pauses.');
        vote.locked = locked;
        vote.pausedAt = now;
        return;
      case 'resume':
        // Spec 1 §4: resuming restarts the interval: the seat being counted gets a full one again.
        if (vote.pausedAt === null || vote.voteTimer === null) return refuse('bad_request', 'The vote is not paused.');
        vote.voteTimer = now - (vote.locked - 1) * vote.speed;
        vote.pausedAt = null;
        return;
      case 'reset':
        vote.locked = 0;
        vote.isInProgress = false;
        vote.voteTimer = null;
        vote.pausedAt = null;
        return;
      case 'finish':
        finish(draft, now);
        return;
      case 'close':
        clearNomination(draft, now);
        return;
    }
  },

  voteIsHidden(draft, { value }, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (draft.vote.isInProgress) return refuse('vote_in_progress', 'Not while a vote is running.');
    if (value && !hiddenVoteAvailable(draft.seats))
      return refuse('bad_request', 'Secret votes need a role with a hidden vote.');
    draft.vote.isHidden = value;
  },

  /**
   * A player raises or lowers their hand(s). While the clock runs, a change counts if it was made
   * before the hand reached the seat and arrives within the grace (vote.ts); 500 ms between changes.
   */
  vote(draft, { index, value, at }, actor, now) {
    const vote = draft.vote;
    if (!vote.nomination) return refuse('no_vote', 'There is no nomination.');
    if (seatIndexOf(draft, actor.userId) !== index) return refuse('forbidden', 'You vote only with your own seat.');
    const seat = draft.seats[index]!;
    if (!mayVote(draft, index)) return refuse('forbidden', 'You have no vote left.');
    if (!Number.isInteger(value) || value < 0 || value > maxHands(seat))
      return refuse('bad_request', 'That many hands is not possible.');
    const seats = draft.seats.length;
    const lock = lockMoment(vote, index, seats);
    const running = vote.isInProgress && vote.pausedAt === null && lock !== null;
    // A running clock judges by the moment of the change (with the grace); a paused or stopped one by where it stands.
    const inTime = running
      ? changeCountsInTime(lock, Math.min(at, now), now, (actor.latency ?? 0) / 2)
      : !isPositionLocked(lockedAt(vote, seats, now), positionAfterNominee(index, vote.nomination[1], seats));
    if (!inTime) return refuse('vote_locked', 'The hand has passed your seat.');
    const last = draft.throttle[`${actor.userId}:vote`];
    if (last !== undefined && now - last < VOTE_CHANGE_DEBOUNCE_MS) return refuse('rate_limited', 'Not so fast.');
    draft.throttle[`${actor.userId}:vote`] = now;
    vote.votes[index] = value;
  },

  /** Mark for death only when not hidden, not in progress and not for a traveller; then finish. */
  marked(draft, { value }, actor, now) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    const vote = draft.vote;
    if (!vote.nomination) return refuse('no_vote', 'There is no nomination.');
    if (vote.isHidden || vote.isInProgress)
      return refuse('vote_in_progress', 'Not while the vote is secret or running.');
    const nominee = vote.nomination[1];
    if (draft.seats[nominee]?.role?.team === 'traveller')
      return refuse('bad_request', 'Travellers are exiled, not executed.');
    vote.markedPlayer = value ? nominee : -1;
    // Marking happens only on an open vote, before the town.
    vote.tally.markedPlayer = vote.markedPlayer;
    finish(draft, now);
  },

  /** Spec 1 §5: stored as an absolute number; non-numeric becomes 0. */
  voteHighscore(draft, { value }, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    const number = Math.abs(Number(value));
    draft.vote.highscore = Number.isFinite(number) ? number : 0;
    // During a secret vote the Storyteller's note of the count stays in the grimoire.
    if (!draft.vote.isHidden) draft.vote.tally.highscore = draft.vote.highscore;
  },

  /** All seats locked and the grace over: the count stops, dead voters spend their token, the highscore updates. */
  voteComplete(draft, _intent, actor, now) {
    if (!actor.isSystem) return refuse('forbidden', 'The vote completes by itself.');
    const vote = draft.vote;
    const seats = draft.seats.length;
    const ends = voteSettlesAt(vote, seats);
    if (!vote.nomination || !vote.isInProgress || vote.pausedAt !== null || ends === null || now < ends) return;
    vote.locked = seats + 1;
    vote.isInProgress = false;
    vote.voteTimer = null;
    if (!vote.isHidden) {
      vote.votes.forEach((hands, i) => {
        const seat = draft.seats[i];
        // Travellers vote regardless; two hands are a dead Banshee's, who keeps voting every time.
        if (hands > 0 && seat?.isDead && seat.role?.team !== 'traveller' && hands < 2) seat.isVoteless = true;
      });
    }
    const nominee = vote.nomination[1];
    const needed = majority(draft.seats, nominee);
    const real = countInto(vote, voteTotal(draft), needed, nominee);
    vote.highscore = real.highscore;
    vote.markedPlayer = real.markedPlayer;
    // The town counts an open vote with what it can see; a secret one leaves its count unchanged.
    if (!vote.isHidden) {
      const shown = countInto(vote.tally, voteTotal(draft, { publicOnly: true }), needed, nominee);
      if (shown.highscore !== vote.tally.highscore || shown.markedPlayer !== vote.tally.markedPlayer)
        vote.tally = shown;
    }
  },
};

/** Spec 1 §4: a count reaching the majority and beating the highscore marks the nominee; a tie clears the mark. */
const countInto = (
  count: { highscore: number; markedPlayer: number },
  total: number,
  needed: number,
  nominee: number,
): { highscore: number; markedPlayer: number } => {
  if (total < needed) return count;
  if (total > count.highscore) return { highscore: total, markedPlayer: nominee };
  if (total === count.highscore) return { highscore: count.highscore, markedPlayer: -1 };
  return count;
};

/** Finish: a vote log entry, then the nomination is cleared. */
const finish = (draft: Parameters<RulesFor<'marked'>['marked']>[0], now: number): void => {
  const vote = draft.vote;
  if (!vote.nomination) return;
  const [nominator, nominee] = vote.nomination;
  const name = (i: number) => {
    const id = draft.seats[i]?.id ?? '';
    return draft.users[id]?.username ?? `#${i + 1}`;
  };
  const entry: VoteLogEntry = {
    timestamp: now,
    phase: draft.game.phase,
    nominator,
    nominee,
    type: draft.seats[nominee]?.role?.team === 'traveller' ? 'exile' : 'execution',
    majority: majority(draft.seats, nominee),
    votes: voteTotal(draft),
    voters: vote.votes.flatMap((hands, i) => (hands > 0 ? [name(i)] : [])),
  };
  vote.history.push(entry);
  if (vote.history.length > HISTORY_KEPT) vote.history.splice(0, vote.history.length - HISTORY_KEPT);
  addHistory(draft, 'vote', entry, now, true);
  clearNomination(draft, now);
};
