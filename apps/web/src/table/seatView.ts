import type { Alignment, Role, SeatStatus, SessionView } from '@belfry/engine';

export interface ShownSeat {
  role: Role | null;
  alignment: Alignment;
  reminders: boolean;
  eyes: SeatStatus | null;
  /** The viewer sees this seat's secrets (grimoire access or their own seat), outside the town-square view. */
  secrets: boolean;
}

/**
 * What a seat shows this viewer. The server already left out what they may not know; the
 * town-square view (spec 1 §2) hides the rest too, keeping only what the town knows: travellers
 * and revealed characters.
 */
export const seatView = (view: SessionView, index: number, isTownSquare: boolean): ShownSeat => {
  const seat = view.seats[index];
  if (!seat) return { role: null, alignment: null, reminders: false, eyes: null, secrets: false };
  const secrets = !isTownSquare && (view.viewer.grimoireAccess || view.viewer.seat === index);
  const publicRole = seat.revealed || seat.role?.team === 'traveller';
  return {
    role: isTownSquare && !publicRole ? null : seat.role,
    alignment: isTownSquare && !seat.revealed ? null : seat.alignment,
    reminders: !isTownSquare,
    eyes: secrets ? (seat.status[0] ?? null) : null,
    secrets,
  };
};
