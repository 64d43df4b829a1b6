import { MODERATOR_LEVELS } from './constants';
import type { Actor, Level, SessionState } from './types';

/** Spec 1 §6: a Storyteller is a user listed as one (without a session, anyone is). */
export const isStoryteller = (state: SessionState, userId: string): boolean =>
  state.storytellers.some((st) => st.id === userId);

export const isModeratorLevel = (level: Level): boolean => (MODERATOR_LEVELS as readonly string[]).includes(level);

export const isModerator = (actor: Actor): boolean => isModeratorLevel(actor.level);

/** Index of the seat the user holds, or -1. */
export const seatIndexOf = (state: SessionState, userId: string): number =>
  userId === '' ? -1 : state.seats.findIndex((seat) => seat.id === userId);

export const isSeated = (state: SessionState, userId: string): boolean => seatIndexOf(state, userId) >= 0;

/**
 * A player stays in the game while they sit in a seat or hold one (they stood up, but the seat's
 * character is still theirs): they do not become a spectator who may read the spectators' chat or
 * look into the grimoire, and come back to that seat.
 */
export const isInGame = (state: SessionState, userId: string): boolean =>
  userId !== '' && (isSeated(state, userId) || state.seats.some((seat) => seat.holder === userId));

/** Spec 1 §6: Storytellers, or spectators whose grimoireAccess is 3 (and who are not in the game). */
export const hasGrimoireAccess = (state: SessionState, userId: string): boolean => {
  if (isStoryteller(state, userId)) return true;
  if (isInGame(state, userId)) return false;
  return state.users[userId]?.grimoireAccess === 3;
};

export type SessionRole = 'storyteller' | 'player' | 'spectator';

export const sessionRoleOf = (state: SessionState, userId: string): SessionRole =>
  isStoryteller(state, userId) ? 'storyteller' : isSeated(state, userId) ? 'player' : 'spectator';

export const nominationActive = (state: SessionState): boolean => state.vote.nomination !== null;

/** Levels that carry no subscription ('free' is a name seen in the wild for accounts without one). */
const UNSUBSCRIBED_LEVELS: readonly Level[] = ['none', 'free'];

/** Spec 2 §1: a subscription is a level that is set and not expired. `expires` null: it does not lapse. */
export const hasSubscription = (level: Level, expires: number | null, now: number): boolean =>
  !UNSUBSCRIBED_LEVELS.includes(level) && (expires === null || expires > now);
