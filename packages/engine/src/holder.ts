import type { Seat, SessionState } from './types';

/** A seat carries a secret while it has a character or an alignment that has not been revealed. */
export const carriesSecret = (seat: Pick<Seat, 'role' | 'alignment' | 'revealed'>): boolean =>
  !seat.revealed && (seat.role !== null || seat.alignment !== null);

/**
 * The holder a seat should have (see `Seat.holder`): nobody while it carries no secret; whoever sits
 * there; otherwise the one who sat there last, or '' when nobody has.
 */
export const holderOf = (seat: Pick<Seat, 'id' | 'role' | 'alignment' | 'revealed'>, previous: string | null) => {
  if (!carriesSecret(seat)) return null;
  if (seat.id !== '') return seat.id;
  return previous ?? '';
};

/**
 * Runs after every intent, so every rule that seats someone or hands out a character keeps holders
 * right. It reads the finished state, not the draft: reading every seat through the draft made a
 * draft of each, twenty on every intent; a seat whose holder changes becomes a new object.
 */
export const settleHolders = (after: SessionState): SessionState => {
  let seats: Seat[] | null = null;
  after.seats.forEach((seat, i) => {
    const holder = holderOf(seat, seat.holder);
    if (holder !== seat.holder) (seats ??= [...after.seats])[i] = { ...seat, holder };
  });
  return seats ? { ...after, seats } : after;
};
