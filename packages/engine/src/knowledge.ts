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

/**
 * Who sits where, who holds a seat, who tells the story and who was shown the grimoire, gathered once
 * for the sixteen viewers of a change: asking the rules (permissions.ts) scans the seats several times
 * per viewer. It is made from the seats, the storytellers and the signals alone. Only the few made last
 * are kept (a change's patches ask for the state before and after it, viewer by viewer): kept per
 * seating, one lived until the session's next change, seconds later, and every scavenge of the server
 * copied its map and sets (bench/). knowledge.test.ts checks that the roster and the rules always agree,
 * viewParts.test.ts that views over runs of changes do.
 */
interface Roster {
  seats: SessionState['seats'];
  storytellerList: SessionState['storytellers'];
  signals: SessionState['chat']['signals'];
  seatOf: Map<string, number>;
  holders: Set<string>;
  storytellers: Set<string>;
  shownGrimoire: Set<string>;
}

/** The newest first; four holds the before and after of a change with room for a view asked in between. */
const rosters: Roster[] = [];
const ROSTERS_KEPT = 4;

const rosterOf = (state: SessionState): Roster => {
  for (const kept of rosters) {
    if (
      kept.seats === state.seats &&
      kept.storytellerList === state.storytellers &&
      kept.signals === state.chat.signals
    )
      return kept;
  }
  const roster: Roster = {
    seats: state.seats,
    storytellerList: state.storytellers,
    signals: state.chat.signals,
    seatOf: new Map(),
    holders: new Set(),
    storytellers: new Set(),
    shownGrimoire: new Set(),
  };
  state.seats.forEach((seat, index) => {
    if (seat.id !== '' && !roster.seatOf.has(seat.id)) roster.seatOf.set(seat.id, index);
    if (seat.holder !== null) roster.holders.add(seat.holder);
  });
  for (const st of state.storytellers) roster.storytellers.add(st.id);
  for (const signal of state.chat.signals) {
    if (signal.message.some((part) => part.id === 'grimoire')) for (const to of signal.to) roster.shownGrimoire.add(to);
  }
  rosters.unshift(roster);
  if (rosters.length > ROSTERS_KEPT) rosters.pop();
  return roster;
};

/** The viewer's row, for a state made by `apply` (never changed afterwards, so its roster holds). */
export const knowledgeOf = (state: SessionState, viewerId: string): Knowledge => {
  const roster = rosterOf(state);
  const storyteller = roster.storytellers.has(viewerId);
  const seat = viewerId === '' ? -1 : (roster.seatOf.get(viewerId) ?? -1);
  const inGame = viewerId !== '' && (seat >= 0 || roster.holders.has(viewerId));
  const user = state.users[viewerId];
  return {
    id: viewerId,
    role: storyteller ? 'storyteller' : seat >= 0 ? 'player' : 'spectator',
    storyteller,
    grimoire: storyteller || (!inGame && user?.grimoireAccess === 3),
    moderator: isModeratorLevel(user?.level ?? 'none'),
    seat,
    inGame,
    shownGrimoire: roster.shownGrimoire.has(viewerId),
  };
};

/** The same row asked of the rules one by one (the reference knowledgeOf is checked against). */
export const knowledgeByRules = (state: SessionState, viewerId: string): Knowledge => ({
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
