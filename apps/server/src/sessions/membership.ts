import { refuse } from '@belfry/engine';
import { type Armed, endConnection, type LiveSession } from './fanout';

export const disarm = (armed: Armed | null): void => {
  if (armed) clearTimeout(armed.timer);
};

/**
 * Kicked users leave at once (on every node: the hub runs this after every change), and when the boost
 * has run out users without a subscription are told so and disconnected (spec 2 §4). Until then a timer
 * waits for the boost's end and calls `recheck` with the session's id (it outlives this state).
 */
export const enforceMembership = (session: LiveSession, recheck: (sessionId: string) => void): void => {
  const { state } = session;
  for (const connection of [...session.connections.values()]) {
    if (state.meta.banlist.includes(connection.member.profile.id)) {
      endConnection(connection, refuse('kicked', 'The Storyteller removed you from this session.'));
    }
  }
  const remaining = state.boostUntil - Date.now();
  const unsubscribed = [...session.connections.values()].filter((c) => !c.member.isSubscribed && !c.closing);
  if (unsubscribed.length > 0 && remaining > 0 && session.boostTimer?.at === state.boostUntil) return;
  disarm(session.boostTimer);
  session.boostTimer = null;
  if (unsubscribed.length === 0) return;
  if (remaining <= 0) {
    for (const connection of unsubscribed) {
      endConnection(
        connection,
        refuse('subscription_needed', 'The session boost has run out: joining needs a subscription.'),
      );
    }
    return;
  }
  // setTimeout cannot wait longer than about 24.8 days; re-check well before that.
  const { sessionId } = state;
  const timer = setTimeout(
    () => {
      session.boostTimer = null;
      recheck(sessionId);
    },
    Math.min(remaining + 50, 2 ** 30),
  );
  timer.unref();
  session.boostTimer = { timer, at: state.boostUntil };
};
