import { hasGrimoireAccess, isStoryteller, seatIndexOf, sessionRoleOf, type SessionRole } from './permissions';
import type { Seat, SessionState, StorytellerEntry } from './types';

export interface ViewerInfo {
  id: string;
  role: SessionRole;
  seat: number;
  grimoireAccess: boolean;
}

/** What one viewer may see of a session: the same shape as the state, with secrets removed. */
export type SessionView = SessionState & { viewer: ViewerInfo };

/** Memoised per seat object, so an unchanged seat yields the identical hidden seat (cheap diffs). */
const memo = <T extends object>(make: (input: T) => T) => {
  const cache = new WeakMap<T, T>();
  return (input: T): T => {
    let output = cache.get(input);
    if (!output) cache.set(input, (output = make(input)));
    return output;
  };
};

const hiddenSeat = memo((seat: Seat): Seat => ({
  ...seat,
  // A traveller's character is announced to the town; every other role stays secret.
  role: seat.role?.team === 'traveller' ? seat.role : null,
  alignment: null,
  reminders: [],
  status: [],
  special: [],
}));

const hiddenStoryteller = memo((st: StorytellerEntry): StorytellerEntry => ({
  ...st,
  role: null,
  ability: '',
  alignment: null,
  reminders: [],
}));

const NO_THROTTLE: Record<string, number> = Object.freeze({}) as Record<string, number>;

/**
 * Removes what `viewerId` may not see (DESIGN principle 1): other players' roles, alignments and
 * reminders, hidden votes, private history, vote history and bluffs without grimoire access.
 */
export const view = (state: SessionState, viewerId: string): SessionView => {
  const grim = hasGrimoireAccess(state, viewerId);
  const ownSeat = seatIndexOf(state, viewerId);
  const viewer: ViewerInfo = {
    id: viewerId,
    role: sessionRoleOf(state, viewerId),
    seat: ownSeat,
    grimoireAccess: grim,
  };
  // Debounce bookkeeping is the server's business alone.
  if (grim) return { ...state, throttle: NO_THROTTLE, viewer };

  const seats = state.seats.map((seat, i) => (i === ownSeat || seat.revealed ? seat : hiddenSeat(seat)));
  const votes = state.vote.isHidden ? state.vote.votes.map((v, i) => (i === ownSeat ? v : 0)) : state.vote.votes;
  // At night only those who point (and the grimoire) see where others point.
  const pointing =
    state.pointing?.recipients && !state.pointing.recipients.includes(ownSeat)
      ? { ...state.pointing, pointers: {} }
      : state.pointing;
  return {
    ...state,
    throttle: NO_THROTTLE,
    viewer,
    pointing,
    seats,
    storytellers: state.storytellers.map(hiddenStoryteller),
    bluffs: state.bluffs.map(() => null),
    meta: { ...state.meta, banlist: isStoryteller(state, viewerId) ? state.meta.banlist : [] },
    game: { ...state.game, history: state.game.history.filter((entry) => !entry.isPrivate) },
    vote: { ...state.vote, votes, history: [] },
  };
};
