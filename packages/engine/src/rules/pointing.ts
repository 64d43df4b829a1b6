import { POINTING_COUNTDOWN_MS, POINTING_EXCLUDED_ROLES } from '../constants';
import { refuse } from '../errors';
import { seatIndexOf } from '../permissions';
import type { Seat, Team } from '../types';
import { clearNomination } from './game';
import { requireStoryteller, type RulesFor } from './rule';

/**
 * Spec 1 §4 Pointing at night: all players of a team, excluding the Marionette, Drunk and Lunatic
 * and anyone carrying an Alchemist reminder; or the dead.
 */
export const pointingRecipients = (seats: readonly Seat[], target: { team?: Team; dead?: boolean }): number[] =>
  seats.flatMap((seat, i) => {
    if (!seat.id) return [];
    if (target.dead) return seat.isDead ? [i] : [];
    if (!seat.role || seat.role.team !== target.team) return [];
    if ((POINTING_EXCLUDED_ROLES as readonly string[]).includes(seat.role.id)) return [];
    if (seat.reminders.some((r) => r.role === 'alchemist')) return [];
    return [i];
  });

export const pointingRules: RulesFor<'pointing' | 'point' | 'pointingLock'> = {
  /**
   * Starts only if night status matches whether recipients were given (team or dead pointing at
   * night, general pointing by day); a 4 s countdown, then locked. Closing during the countdown
   * locks it; closing a locked pointing ends it.
   */
  pointing(draft, intent, actor, now) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (intent.action === 'stop') {
      if (!draft.pointing) return refuse('bad_request', 'Nobody is pointing.');
      if (draft.pointing.status === 'countdown') draft.pointing.status = 'locked';
      else draft.pointing = null;
      return;
    }
    const targeted = intent.team !== undefined || intent.dead === true;
    if (targeted !== draft.game.isNight) {
      return refuse(
        'bad_request',
        draft.game.isNight ? 'At night, choose a team or the dead.' : 'By day everyone points.',
      );
    }
    clearNomination(draft, now);
    const recipients = targeted ? pointingRecipients(draft.seats, intent) : null;
    draft.pointing = {
      status: 'countdown',
      startedAt: now,
      recipients,
      members: (recipients ?? []).map((i) => draft.seats[i]!.id),
      pointers: {},
    };
  },

  /** A player who takes part points at a seat while the countdown runs. */
  point(draft, { index }, actor) {
    const pointing = draft.pointing;
    const own = seatIndexOf(draft, actor.userId);
    // A night pointing is unknown to those who do not point: they get the answer of no pointing at all.
    if (!pointing || (pointing.recipients && !pointing.members.includes(actor.userId)))
      return refuse('bad_request', 'Nobody is pointing.');
    if (pointing.status !== 'countdown') return refuse('bad_request', 'Pointing is locked.');
    if (own < 0) return refuse('not_seated', 'Only seated players point.');
    if (!draft.seats[index]) return refuse('no_such_seat', `There is no seat ${index + 1}.`);
    pointing.pointers[actor.userId] = index;
  },

  pointingLock(draft, _intent, actor, now) {
    if (!actor.isSystem) return refuse('forbidden', 'Pointing locks by itself.');
    if (draft.pointing?.status === 'countdown' && now >= draft.pointing.startedAt + POINTING_COUNTDOWN_MS) {
      draft.pointing.status = 'locked';
    }
  },
};
