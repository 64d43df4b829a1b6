import { POINTING_COUNTDOWN_MS, SIGNALS_CLEAR_AFTER_DAY_MS, TIMER_HIDE_AFTER_MS } from './constants';
import type { Intent } from './intents';
import type { SessionState } from './types';
import { soonestExpiry } from './messageList';
import { voteSettlesAt } from './vote';
import { nextWhisperTimeout } from './whispers';

export interface TimedIntent {
  at: number;
  intent: Intent;
}

/**
 * The next change that time alone makes to a session (hooks ending, reveal steps, pointing
 * locking, the timer hiding). The server schedules it from the state, so a restart or another
 * node resumes it (DESIGN: timed behaviour).
 */
export const nextTimedIntent = (state: SessionState): TimedIntent | null => {
  const due: TimedIntent[] = [];
  if (state.hook?.until != null) {
    due.push({
      at: state.hook.until,
      intent: { type: state.hook.name === 'reveal-grimoire' ? 'revealStep' : 'hookEnd' },
    });
  }
  if (state.pointing?.status === 'countdown') {
    due.push({ at: state.pointing.startedAt + POINTING_COUNTDOWN_MS, intent: { type: 'pointingLock' } });
  }
  if (state.timer && state.timer.paused === null) {
    due.push({ at: state.timer.expiration + TIMER_HIDE_AFTER_MS, intent: { type: 'timerHide' } });
  }
  const voteEnd =
    state.vote.isInProgress && state.vote.pausedAt === null ? voteSettlesAt(state.vote, state.seats.length) : null;
  if (voteEnd !== null) due.push({ at: voteEnd, intent: { type: 'voteComplete' } });
  if (!state.game.isNight && state.chat.signals.some((s) => s.time <= state.game.lastPhase)) {
    due.push({ at: state.game.lastPhase + SIGNALS_CLEAR_AFTER_DAY_MS, intent: { type: 'clearSignals' } });
  }
  const expiring = soonestExpiry(state.chat.messages);
  if (expiring !== Infinity) due.push({ at: expiring, intent: { type: 'expireMessages' } });
  const whisperDue = nextWhisperTimeout(state);
  if (whisperDue !== null) due.push({ at: whisperDue, intent: { type: 'whisperTimeout' } });
  return due.sort((a, b) => a.at - b.at)[0] ?? null;
};
