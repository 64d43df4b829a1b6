import {
  hasGrimoireAccess,
  isInGame,
  isModeratorLevel,
  isStoryteller,
  seatIndexOf,
  sessionRoleOf,
  type SessionRole,
} from './permissions';
import type { SessionState } from './types';

/** The row of the viewer table (README.md) one viewer falls in: what they may know, decided from the state. */
export interface Knowledge {
  id: string;
  role: SessionRole;
  storyteller: boolean;
  /** Storytellers, and spectators with grimoire access 3 who are not in the game. */
  grimoire: boolean;
  moderator: boolean;
  /** The viewer's own seat, or -1. */
  seat: number;
  /** Seated, or holding a seat they stood up from. */
  inGame: boolean;
  /** A Spy or Widow sent the grimoire by signal sees it, view only, while that signal lasts. */
  shownGrimoire: boolean;
}

export const knowledgeOf = (state: SessionState, viewerId: string): Knowledge => ({
  id: viewerId,
  role: sessionRoleOf(state, viewerId),
  storyteller: isStoryteller(state, viewerId),
  grimoire: hasGrimoireAccess(state, viewerId),
  moderator: isModeratorLevel(state.users[viewerId]?.level ?? 'none'),
  seat: seatIndexOf(state, viewerId),
  inGame: isInGame(state, viewerId),
  shownGrimoire: state.chat.signals.some((s) => s.to.includes(viewerId) && s.message.some((p) => p.id === 'grimoire')),
});

/**
 * Spec 3 §4 Bluff visibility: the demon sees them with more than six players or a Toymaker fabled.
 * A revealed demon seat (the game is over) gives nobody who sits there the bluffs.
 */
export const isDemonBluffViewer = (state: SessionState, k: Pick<Knowledge, 'seat'>): boolean => {
  const seat = state.seats[k.seat];
  return (
    seat !== undefined &&
    !seat.revealed &&
    seat.role?.team === 'demon' &&
    (state.seats.length > 6 || state.fabled.some((f) => f.id === 'toymaker'))
  );
};
