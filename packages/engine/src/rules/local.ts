import { refuse } from '../errors';
import { isLocalGame, SEAT_NAME_MAX_CHARS } from '../local';
import { requireStoryteller, type RulesFor } from './rule';

export const localRules: RulesFor<'renameSeat'> = {
  /**
   * Spec 1 §2 Nameplate: the Storyteller renames a seat only in a local game; in a session the seat
   * shows its player's name. An empty name clears it.
   */
  renameSeat(draft, { index, name }, actor) {
    if (!isLocalGame(draft)) return refuse('forbidden', 'Seats are renamed only in a local game.');
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    const seat = draft.seats[index];
    if (!seat) return refuse('no_such_seat', `There is no seat ${index + 1}.`);
    const trimmed = name.trim();
    if (trimmed.length > SEAT_NAME_MAX_CHARS) {
      return refuse('bad_request', `A seat name has at most ${SEAT_NAME_MAX_CHARS} characters.`);
    }
    if (seat.name !== trimmed) seat.name = trimmed;
  },
};
