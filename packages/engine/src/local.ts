import { createSession } from './session';
import type { SessionState, SessionUser } from './types';

/**
 * A local game (spec 1 §1, §6): one browser runs the grimoire alone, without a session on a server.
 * Its state carries this session id, which no server session can have (their codes have at least
 * three characters), so the rules can tell the two apart.
 */
export const LOCAL_GAME_ID = '';

/** The longest name a local game's seat may carry (a username has at most 50 characters, spec 2 §5). */
export const SEAT_NAME_MAX_CHARS = 50;

export const isLocalGame = (state: Pick<SessionState, 'sessionId'>): boolean => state.sessionId === LOCAL_GAME_ID;

/** A fresh local game: the browser's user is its Storyteller, and present. */
export const createLocalGame = (owner: Omit<SessionUser, 'isOnline' | 'grimoireAccess'>, now: number) => {
  const state = createSession({ sessionId: LOCAL_GAME_ID, owner, now });
  state.users[owner.id]!.isOnline = true;
  return state;
};
