import { circleRadius, TOKEN_UNIT_PERCENT, tokenSizeBase } from '../ui/seatLayout';

/**
 * Where the vote overlay draws, in percent of the seat circle's box (the same square the seat
 * circle lays its tokens out in, grimoire/seatLayout.ts): the centre disc, the dial just inside the
 * tokens and their nameplates, and the pointers between them. Hands and locks sit on the tokens.
 */
export const CENTRE_RADIUS = 18;

export interface DialGeometry {
  /** Radius of the seat ring. */
  ring: number;
  /** Token diameter. */
  token: number;
  /** The circle the hand sweeps (the swept arc is drawn on it): clear of tokens and nameplates. */
  dial: number;
  /** Pointers run from the centre disc to just inside the dial. */
  pointerFrom: number;
  pointerTo: number;
}

export const dialGeometry = (seats: number): DialGeometry => {
  const ring = circleRadius(seats);
  const token = tokenSizeBase(seats) * TOKEN_UNIT_PERCENT;
  const dial = ring - token / 2 - 4;
  return { ring, token, dial, pointerFrom: CENTRE_RADIUS + 0.6, pointerTo: dial - 0.5 };
};

/** Degrees clockwise from the top for seat `index` (fractional seats allowed: the hand glides). */
export const seatDegrees = (index: number, seats: number): number => (seats > 0 ? (360 * index) / seats : 0);
