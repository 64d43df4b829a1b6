import { SESSION_FULL_ONLINE } from './constants';
import { refuse, type Refusal } from './errors';
import { hasSubscription, isInGame, isModeratorLevel, isStoryteller } from './permissions';
import type { Level, SessionState, UserFlag } from './types';

export interface Joiner {
  id: string;
  level: Level;
  expires: number | null;
  flags: UserFlag[];
}

/**
 * Spec 2 §4 Joining: when a session is refused to a user. Beyond the spec, a seated player who
 * dropped always gets back in, even past the 25-user limit.
 */
export const joinRefusal = (state: SessionState, joiner: Joiner, now: number): Refusal | null => {
  if (state.meta.banlist.includes(joiner.id)) {
    return refuse('banned_from_session', 'You were removed from this session.');
  }
  const subscribed = hasSubscription(joiner.level, joiner.expires, now);
  const privileged = isInGame(state, joiner.id) || isStoryteller(state, joiner.id) || isModeratorLevel(joiner.level);
  const online = Object.values(state.users).filter((u) => u.isOnline && u.id !== joiner.id).length;
  if (online >= SESSION_FULL_ONLINE && !privileged) {
    return refuse('session_full', `This session is full (${SESSION_FULL_ONLINE} people online).`);
  }
  if (!subscribed && state.boostUntil <= now) {
    return refuse('subscription_needed', 'Joining this session needs a subscription.');
  }
  if (state.meta.isPublic && joiner.flags.includes('forced-private')) {
    return refuse('forced_private', 'Your account may only join private sessions.');
  }
  if (state.meta.isPublic && !subscribed && !joiner.flags.includes('verified-phone')) {
    return refuse('phone_verification_needed', 'Public sessions need a verified phone number.');
  }
  return null;
};
