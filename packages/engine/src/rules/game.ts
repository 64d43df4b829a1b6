import type { Draft } from 'immer';
import {
  ATTENTION_GONG_HOOK_MS,
  DISTRIBUTE_ROLES_HOOK_MS,
  HISTORY_KEPT,
  PHASE_UNDO_WINDOW_MS,
  REVEAL_END_DELAY_MS,
  REVEAL_STEP_DEFAULT_MS,
  REVEAL_STEP_SLOW_MS,
  TIMER_HIDE_AFTER_MS,
  TIMER_MAX_S,
  TIMER_MIN_S,
} from '../constants';
import { HOOK_IN_PROGRESS, refuse, type Refusal } from '../errors';
import { isNightPhase } from '../phase';
import type { HistoryEntry, HistoryType, RevealParams, SessionState } from '../types';
import { addSystemMessage } from './chat';
import { requireStoryteller, type RulesFor } from './rule';

/** History entries get ids from their position and time: pure, and unique within a game. */
export const addHistory = (
  draft: Draft<SessionState>,
  type: HistoryType,
  data: unknown,
  now: number,
  isPrivate = false,
): void => {
  const entry: HistoryEntry = { id: `${now}-${draft.game.history.length}`, type, data, time: now, isPrivate };
  draft.game.history.push(entry);
  if (draft.game.history.length > HISTORY_KEPT) draft.game.history.splice(0, draft.game.history.length - HISTORY_KEPT);
};

const refuseIfHook = (draft: Draft<SessionState>): Refusal | void => {
  if (draft.hook) return refuse('hook_in_progress', HOOK_IN_PROGRESS);
};

/** Spec 1 §4: a timer flagged pause-during-votes stands still from the nomination to its end. */
export const pauseTimerForVote = (draft: Draft<SessionState>, now: number): void => {
  if (draft.timer?.isPausedDuringVotes && draft.timer.paused === null) draft.timer.paused = now;
};

/** The paused time is added to the remaining time. */
export const resumeTimerAfterVote = (draft: Draft<SessionState>, now: number): void => {
  if (draft.timer?.paused != null) {
    draft.timer.expiration += now - draft.timer.paused;
    draft.timer.paused = null;
  }
};

/** Ends a running nomination (night, reveal, pointing and other modes cancel it). */
export const clearNomination = (draft: Draft<SessionState>, now: number): void => {
  const vote = draft.vote;
  if (vote.nomination) resumeTimerAfterVote(draft, now);
  vote.nomination = null;
  vote.nominator = null;
  vote.votes = [];
  vote.locked = 0;
  vote.isInProgress = false;
  vote.voteTimer = null;
  vote.pausedAt = null;
};

/** Clears the highscore and mark, the real ones and those the town knows. */
const resetCount = (draft: Draft<SessionState>): void => {
  draft.vote.highscore = 0;
  draft.vote.markedPlayer = -1;
  if (draft.vote.tally.highscore !== 0 || draft.vote.tally.markedPlayer !== -1)
    draft.vote.tally = { highscore: 0, markedPlayer: -1 };
};

const advancePhase = (draft: Draft<SessionState>, now: number): void => {
  // A new phase starts a new count: yesterday's highscore and execution mark do not carry over.
  resetCount(draft);
  draft.game.phase += 1;
  draft.game.isNight = isNightPhase(draft.game.phase);
  draft.game.lastPhase = now;
  addHistory(draft, 'phase', { phase: draft.game.phase }, now);
  addSystemMessage(draft, 'phase', { phase: draft.game.phase }, now);
};

export const gameRules: RulesFor<
  'startGame' | 'endGame' | 'toggleNight' | 'attention' | 'timer' | 'hookEnd' | 'revealStep' | 'timerHide'
> = {
  /** Spec 1 §4 Game start: phase 0, running, history cleared, a start entry, distribute-roles for 1.5 s. */
  startGame(draft, _intent, actor, now) {
    const refused = requireStoryteller(draft, actor) ?? refuseIfHook(draft);
    if (refused) return refused;
    draft.game = { isRunning: true, phase: 0, history: [], isNight: false, lastPhase: now };
    resetCount(draft);
    addHistory(draft, 'start', { players: draft.seats.length }, now);
    addSystemMessage(draft, 'start', { players: draft.seats.length }, now);
    for (const seat of draft.seats) seat.revealed = false;
    draft.hook = { name: 'distribute-roles', params: {}, since: now, until: now + DISTRIBUTE_ROLES_HOOK_MS };
  },

  /**
   * Spec 1 §4 End of game: end the night if needed, clear the nomination, log the end, stop running,
   * then reveal: the result first, each player after it (1000 ms or the default 100 ms apart).
   */
  endGame(draft, { isEvilWin, slow }, actor, now) {
    const refused = requireStoryteller(draft, actor) ?? refuseIfHook(draft);
    if (refused) return refused;
    if (draft.game.isRunning && draft.game.isNight) advancePhase(draft, now);
    clearNomination(draft, now);
    draft.pointing = null;
    draft.raisedHands = {};
    addHistory(draft, 'end', { isEvilWin }, now);
    addSystemMessage(draft, 'end', { isEvilWin }, now);
    draft.game.isRunning = false;
    const interval = slow ? REVEAL_STEP_SLOW_MS : REVEAL_STEP_DEFAULT_MS;
    const order = draft.seats.flatMap((seat, i) => (seat.revealed ? [] : [i]));
    const params: RevealParams = { isEvilWin, step: 0, interval, order };
    draft.hook = {
      name: 'reveal-grimoire',
      params: { ...params },
      since: now,
      until: now + (order.length > 0 ? interval : REVEAL_END_DELAY_MS),
    };
  },

  /**
   * Spec 1 §4 Phases: blocked during a nomination or pointing; within 10 s of the last phase entry a
   * toggle undoes it; otherwise it advances (and logs a phase entry) when the game is running.
   */
  toggleNight(draft, _intent, actor, now) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (draft.vote.nomination) return refuse('nomination_active', 'Not during a nomination.');
    if (draft.pointing) return refuse('pointing_active', 'Not while players are pointing.');
    const game = draft.game;
    if (!game.isRunning) {
      game.isNight = !game.isNight;
      return;
    }
    const last = game.history.at(-1);
    if (last?.type === 'phase' && now - game.lastPhase < PHASE_UNDO_WINDOW_MS) {
      game.history.pop();
      game.phase -= 1;
      game.isNight = isNightPhase(game.phase);
      game.lastPhase = 0; // the next toggle advances again
      return;
    }
    advancePhase(draft, now);
  },

  /** Spec 1 §4 Attention gong: Storyteller only, no other hook, for 10000 ms. */
  attention(draft, _intent, actor, now) {
    const refused = requireStoryteller(draft, actor) ?? refuseIfHook(draft);
    if (refused) return refused;
    draft.hook = {
      name: 'attention-gong',
      params: { isNight: draft.game.isNight },
      since: now,
      until: now + ATTENTION_GONG_HOOK_MS,
    };
  },

  /** Spec 1 §5: 3 to 7200 s sets the timer; any other duration clears it. Titles up to 50 characters. */
  timer(draft, { title, duration, isPausedDuringVotes }, actor, now) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (title.length > 50) return refuse('bad_request', 'A timer title has at most 50 characters.');
    if (!(duration >= TIMER_MIN_S && duration <= TIMER_MAX_S)) {
      draft.timer = null;
      return;
    }
    draft.timer = { expiration: now + Math.round(duration * 1000), title, isPausedDuringVotes, paused: null };
  },

  hookEnd(draft, _intent, actor, now) {
    if (!actor.isSystem) return refuse('forbidden', 'Hooks end by themselves.');
    if (draft.hook && draft.hook.until !== null && draft.hook.until <= now) draft.hook = null;
  },

  /** One step of the reveal; after the last player, the hook clears 1 s later. */
  revealStep(draft, _intent, actor, now) {
    if (!actor.isSystem) return refuse('forbidden', 'The reveal runs by itself.');
    const hook = draft.hook;
    if (hook?.name !== 'reveal-grimoire' || hook.until === null || hook.until > now) return;
    const params = hook.params as unknown as RevealParams;
    if (params.step >= params.order.length) {
      draft.hook = null;
      return;
    }
    const seat = draft.seats[params.order[params.step]!];
    if (seat) seat.revealed = true;
    params.step += 1;
    hook.until = now + (params.step < params.order.length ? params.interval : REVEAL_END_DELAY_MS);
  },

  /** The timer disappears 5 s after it expired. */
  timerHide(draft, _intent, actor, now) {
    if (!actor.isSystem) return refuse('forbidden', 'The timer hides by itself.');
    if (draft.timer && now >= draft.timer.expiration + TIMER_HIDE_AFTER_MS) draft.timer = null;
  },
};
