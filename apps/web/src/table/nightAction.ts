import type { Role, Seat, SessionView } from '@belfry/engine';

/** A role with an open-eyes night ability (spec 1 §6 Night action: a night player special). */
export const hasOpenEyesAbility = (role: Role | null): boolean =>
  role?.special?.some((s) => s.type === 'player' && s.name === 'open-eyes') ?? false;

/** Spec 1 §6: a living seated player, or one with the Has Ability reminder, whose role has it; at night. */
export const seatHasNightAction = (seat: Pick<Seat, 'role' | 'isDead' | 'reminders'>, isNight: boolean): boolean =>
  isNight &&
  hasOpenEyesAbility(seat.role) &&
  (!seat.isDead || seat.reminders.some((reminder) => reminder.name === 'Has Ability'));

export const viewerNightAction = (view: SessionView): boolean => {
  const seat = view.seats[view.viewer.seat];
  return seat !== undefined && seatHasNightAction(seat, view.game.isNight);
};
