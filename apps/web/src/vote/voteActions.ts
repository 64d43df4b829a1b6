import type { SessionView } from '@belfry/engine';
import type { ClientEvent, ClientPayload } from '@belfry/protocol';
import { AppError } from '../api/appError';
import { sendAction, sendRequest } from '../session/sessionController';
import { useSessionStore } from '../session/sessionStore';
import { serverNow } from '../time/serverClock';
import { playVoteSound } from './voteSounds';
import { nominationKey, recordRefusal, useVoteStore } from './voteStore';

/**
 * A Storyteller's vote request (nomination, voteControl, marked, …). While it waits its button is
 * disabled (`pendingKey`); a refusal says why in a dialogue. Resolves true when accepted.
 */
export const runVoteAction = <E extends ClientEvent>(
  pendingKey: string,
  event: E,
  payload: ClientPayload<E>,
): Promise<boolean> => sendAction('vote', pendingKey, event, payload);

/**
 * The player's own hands (spec 1 §4 Votes, issue 6): shown at once (optimistic), sent with `at`, the
 * moment of the change in server time. A refusal — too late (`vote_locked`), too fast
 * (`rate_limited`), no vote left (`forbidden`) — puts the hand back where the server has it.
 */
export const castVote = async (view: SessionView, value: number): Promise<void> => {
  const seat = view.viewer.seat;
  const nomination = nominationKey(view.vote.nomination);
  if (seat < 0 || !nomination) return;
  const at = Math.round(serverNow());
  useVoteStore.setState({
    own: { seat, value, nomination, status: 'sent', acceptedAt: null },
    refusal: null,
  });
  if (value > 0) playVoteSound('voteCast');
  try {
    await sendRequest('vote', { index: seat, value, at });
    const own = useVoteStore.getState().own;
    // Only if no later change replaced it meanwhile.
    if (own && own.value === value && own.nomination === nomination && own.status === 'sent') {
      useVoteStore.setState({ own: { ...own, status: 'accepted', acceptedAt: Date.now() } });
      settleOwnHand(useSessionStore.getState().view);
      setTimeout(() => settleOwnHand(useSessionStore.getState().view), CATCH_UP_MS + 50);
    }
  } catch (error) {
    const own = useVoteStore.getState().own;
    if (own && own.value !== value) return; // a newer change is on its way; it decides
    recordRefusal(error instanceof AppError ? error.code : 'internal');
  }
};

/** How long an accepted change is shown before the view must show it too (the patch follows the answer). */
const CATCH_UP_MS = 3000;

/** Drops the optimistic hand once the view agrees, the nomination changed, or the view took too long. */
export const settleOwnHand = (view: SessionView | null): void => {
  const own = useVoteStore.getState().own;
  if (!own) return;
  const nomination = nominationKey(view?.vote.nomination ?? null);
  const shown = view?.vote.votes[own.seat];
  const stale =
    !view ||
    nomination !== own.nomination ||
    view.viewer.seat !== own.seat ||
    (own.status === 'accepted' && (shown === own.value || Date.now() - (own.acceptedAt ?? 0) > CATCH_UP_MS));
  if (stale) useVoteStore.setState({ own: null });
};

// The view moves on: settle the optimistic hand against it.
useSessionStore.subscribe((state, previous) => {
  if (state.view !== previous.view) settleOwnHand(state.view);
});
