import type { Draft } from 'immer';
import { MAX_PLAYERS } from '../constants';
import { refuse } from '../errors';
import { isStoryteller, nominationActive, seatIndexOf } from '../permissions';
import { emptySeat } from '../session';
import type { Seat, SessionState } from '../types';
import { addSystemMessage } from './chat';
import { requireMember, requireStoryteller, type RulesFor } from './rule';

/** Open or peeking eyes are the sitter's own (a secret at night): they leave with them. */
export const clearEyes = (seat: Draft<Seat>): void => {
  if (seat.status.length > 0) seat.status = [];
};

export const vacate = (draft: Draft<SessionState>, userId: string): void => {
  const index = seatIndexOf(draft, userId);
  if (index >= 0) {
    draft.seats[index]!.id = '';
    clearEyes(draft.seats[index]!);
  }
  delete draft.raisedHands[userId];
};

export const seatRules: RulesFor<'claimSeat' | 'updateSeats'> = {
  claimSeat(draft, { index }, actor, now) {
    const refused = requireMember(draft, actor);
    if (refused) return refused;
    if (nominationActive(draft)) return refuse('nomination_active', 'Seats cannot change during a nomination.');
    const held = seatIndexOf(draft, actor.userId);
    if (index < 0) {
      // Spec 1 §7: a negative index vacates; only a seated user can vacate.
      if (held < 0) return refuse('not_seated', 'You are not seated.');
      vacate(draft, actor.userId);
      addSystemMessage(draft, 'seat_vacate', { index: held, id: actor.userId }, now, true);
      return;
    }
    const seat = draft.seats[index];
    if (!seat) return refuse('no_such_seat', `There is no seat ${index + 1}.`);
    if (isStoryteller(draft, actor.userId)) {
      return refuse('forbidden', 'A Storyteller does not take a seat; stop being Storyteller first.');
    }
    if (held >= 0) return refuse('already_seated', 'You already hold a seat; vacate it first.');
    if (seat.id !== '') return refuse('seat_taken', 'That seat is taken.');
    // Issue 14: a character never follows a player to another seat (see Seat.holder).
    if (seat.holder !== null && seat.holder !== actor.userId) {
      return refuse(
        'seat_held',
        "That seat's character belongs to another player; the Storyteller can seat you there.",
      );
    }
    seat.id = actor.userId;
    clearEyes(seat);
    addSystemMessage(draft, 'seat_claim', { index, id: actor.userId }, now, true);
    // Spec 1 §4: claiming a seat clears the chat channel.
    if (draft.chat.channels[actor.userId] !== undefined) delete draft.chat.channels[actor.userId];
    // A seated player is no spectator: any grimoire access they held as one ends.
    const user = draft.users[actor.userId];
    if (user && user.grimoireAccess !== 0) user.grimoireAccess = 0;
  },

  updateSeats(draft, intent, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (nominationActive(draft)) return refuse('nomination_active', 'Seats cannot change during a nomination.');
    // The client says how many seats it saw, so a change made on a stale circle is refused.
    if (intent.count !== draft.seats.length) return refuse('stale', 'The seats changed meanwhile; try again.');
    const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < draft.seats.length;
    switch (intent.op) {
      case 'add':
        if (draft.seats.length >= MAX_PLAYERS) {
          return refuse('max_players', `A game has at most ${MAX_PLAYERS} players.`);
        }
        draft.seats.push(emptySeat());
        return;
      case 'remove': {
        if (!inRange(intent.index)) return refuse('no_such_seat', 'There is no such seat.');
        const [removed] = draft.seats.splice(intent.index, 1);
        if (removed?.id) delete draft.raisedHands[removed.id];
        return;
      }
      case 'move': {
        if (!inRange(intent.from) || !inRange(intent.to)) return refuse('no_such_seat', 'There is no such seat.');
        const [moved] = draft.seats.splice(intent.from, 1);
        draft.seats.splice(intent.to, 0, moved!);
        return;
      }
    }
  },
};
