import {
  hiddenVoteAvailable,
  lockedAt,
  majority,
  maxHands,
  mayVote,
  type SessionView,
  type VoteState,
  voteTotal,
} from '@belfry/engine';
import { isSeatLockedAt } from './voteClock';

/**
 * What the vote overlay offers, mirroring the engine's rules (packages/engine/src/rules/vote.ts) so a
 * control is enabled only when the server would accept it, and otherwise says why (an i18n key).
 */
export interface Control {
  enabled: boolean;
  /** Why it is disabled (i18n key), null when enabled. */
  reason: string | null;
}

const ok: Control = { enabled: true, reason: null };
const no = (reason: string): Control => ({ enabled: false, reason });
const first = (...checks: (string | false | null | undefined)[]): Control => {
  const reason = checks.find((check): check is string => typeof check === 'string');
  return reason ? no(reason) : ok;
};

export const isStorytellerView = (view: SessionView): boolean => view.viewer.role === 'storyteller';

/** Spec 1 §6: the vote history is for Storytellers and grimoire-access holders. */
export const seesVoteHistory = (view: SessionView): boolean => isStorytellerView(view) || view.viewer.grimoireAccess;

const isTravellerSeat = (view: SessionView, index: number): boolean => view.seats[index]?.role?.team === 'traveller';

/** Spec 1 §4 Nomination: by day only, not during a vote, not while the grimoire is revealed. */
export const nominateControl = (view: SessionView): Control =>
  first(
    !isStorytellerView(view) && 'vote.reason.storyteller',
    view.game.isNight && 'vote.reason.night',
    view.vote.isInProgress && 'vote.reason.running',
    view.hook?.name === 'reveal-grimoire' && 'vote.reason.reveal',
    view.seats.filter((seat) => seat.id !== '').length === 0 && 'vote.reason.no_players',
  );

/** The nomination type and the speed: not while a vote is locked above 0 or in progress (spec 1 §4, spec 3 §5). */
const settingsControl = (vote: VoteState): Control =>
  first(vote.isInProgress && 'vote.reason.running', vote.locked > 0 && 'vote.reason.counted');

export interface StorytellerControls {
  countdown: Control;
  start: Control;
  /** Zookeeper: accusation → defence → idle; null when not in those phases. */
  advance: { control: Control; next: 'defence' | 'vote' } | null;
  pause: Control;
  resume: Control;
  /** Shown instead of pause while paused. */
  paused: boolean;
  reset: Control;
  mark: Control;
  /** Whether the nominee is the marked player (the button removes the mark). */
  isMarked: boolean;
  close: Control;
  finish: Control;
  /** Shown only when a role with a hidden vote is in play (or the vote is secret already). */
  secretVisible: boolean;
  secret: Control;
  type: Control;
  speed: Control;
  highscore: Control;
}

export const storytellerControls = (view: SessionView, now: number): StorytellerControls => {
  const vote = view.vote;
  const seats = view.seats.length;
  const nomination = vote.nomination;
  const none = !nomination ? 'vote.reason.no_nomination' : null;
  const running = vote.isInProgress ? 'vote.reason.running' : null;
  const zookeeperFirst = vote.locked < -1 && !vote.isInProgress ? 'vote.reason.zookeeper_first' : null;
  const counter = lockedAt(vote, seats, now);
  const nominee = nomination?.[1] ?? -1;
  return {
    countdown: first(none, running, zookeeperFirst),
    start: first(none, running, zookeeperFirst),
    advance:
      nomination && (vote.locked === -3 || vote.locked === -2) && !vote.isInProgress
        ? { control: ok, next: vote.locked === -3 ? 'defence' : 'vote' }
        : null,
    pause: first(
      none,
      !vote.isInProgress && 'vote.reason.not_running',
      vote.pausedAt !== null && 'vote.reason.paused',
      counter < 1 && 'vote.reason.not_counting',
    ),
    resume: first(none, vote.pausedAt === null && 'vote.reason.not_paused'),
    paused: vote.pausedAt !== null,
    reset: first(none, !vote.isInProgress && vote.locked <= 0 && 'vote.reason.nothing_to_reset'),
    mark: first(
      none,
      vote.isHidden && 'vote.reason.hidden',
      running,
      nominee >= 0 && isTravellerSeat(view, nominee) && 'vote.reason.traveller',
    ),
    isMarked: nominee >= 0 && vote.markedPlayer === nominee,
    close: first(none),
    finish: first(none),
    secretVisible: vote.isHidden || hiddenVoteAvailable(view.seats),
    secret: first(running, !vote.isHidden && !hiddenVoteAvailable(view.seats) && 'vote.reason.no_hidden_role'),
    type: settingsControl(vote),
    speed: settingsControl(vote),
    highscore: ok,
  };
};

export interface OwnVote {
  /** The viewer's seat, −1 when not seated. */
  seat: number;
  /** Hands up now (0, 1 or 2). */
  value: number;
  /** 2 for a dead Banshee, else 1. */
  maxHands: number;
  /**
   * Whether the rules as this client sees them leave the seat a vote. Only a hint: a role that gives
   * the dead their votes back may be hidden from the viewer, so the server has the last word.
   */
  hasVote: boolean;
  /** The hand has passed the seat (or every seat is counted): changes are refused now. */
  locked: boolean;
  control: Control;
}

export const ownVote = (view: SessionView, now: number, value?: number): OwnVote | null => {
  const seat = view.viewer.seat;
  const vote = view.vote;
  if (seat < 0 || !vote.nomination || isStorytellerView(view)) return null;
  const own = view.seats[seat];
  if (!own) return null;
  const locked = isSeatLockedAt(vote, view.seats.length, seat, now);
  return {
    seat,
    value: value ?? vote.votes[seat] ?? 0,
    maxHands: maxHands(own),
    hasVote: mayVote(view, seat),
    locked,
    control: first(locked && 'vote.reason.passed'),
  };
};

/** The tally as this viewer may know it: '?' while the votes are secret and they lack grimoire access. */
export const visibleCount = (view: SessionView, ownOverride?: { seat: number; value: number }): number | '?' => {
  if (view.vote.isHidden && !view.viewer.grimoireAccess) return '?';
  if (!ownOverride) return voteTotal(view);
  const votes = view.vote.votes.map((v, i) => (i === ownOverride.seat ? ownOverride.value : v));
  return voteTotal({ seats: view.seats, vote: { ...view.vote, votes } });
};

export interface Target {
  /** Majority: half the living rounded up; for a traveller nominee (exile) half of all players. */
  majority: number;
  highscore: number;
  /** 'highscore' once an earlier vote reached the majority: to mark, this one must beat it. */
  kind: 'majority' | 'highscore';
  /** Votes that mark the nominee (more than the highscore, at least the majority). */
  toMark: number;
  isExile: boolean;
}

export const voteTarget = (view: SessionView): Target | null => {
  const nomination = view.vote.nomination;
  if (!nomination) return null;
  const needed = majority(view.seats, nomination[1]);
  const highscore = view.vote.highscore;
  const kind = highscore >= needed && highscore > 0 ? 'highscore' : 'majority';
  return {
    majority: needed,
    highscore,
    kind,
    toMark: kind === 'highscore' ? Math.floor(highscore) + 1 : needed,
    isExile: isTravellerSeat(view, nomination[1]),
  };
};

/** Vote speed slider (spec 3 §5): 500 to 4000 ms in steps of 100 (the server accepts up to 10 000). */
export const SPEED_SLIDER = { min: 500, max: 4000, step: 100 } as const;

export const clampSpeed = (ms: number): number =>
  Math.min(SPEED_SLIDER.max, Math.max(SPEED_SLIDER.min, Math.round(ms / SPEED_SLIDER.step) * SPEED_SLIDER.step));

/** The highscore field: stored as an absolute number; non-numeric becomes 0 (spec 1 §5). */
export const parseHighscore = (input: string): number => {
  const number = Math.abs(Number(input.trim().replace(',', '.')));
  return Number.isFinite(number) ? number : 0;
};
