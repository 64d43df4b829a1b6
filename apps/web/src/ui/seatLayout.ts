/** Spec 1 §2 "Grimoire screen": the token zoom base by player count. */
export const tokenSizeBase = (players: number): number => {
  if (players < 7) return 18;
  if (players <= 10) return 16;
  if (players <= 15) return 14;
  return 12;
};

/**
 * How many percent of the circle's side one base unit is: with 20 players at base 12 the tokens
 * (12 × 0.8 ≈ 10 %) still leave a gap on a circle of radius ~40 %.
 */
export const TOKEN_UNIT_PERCENT = 0.8;

export interface SeatPosition {
  index: number;
  /** Centre of the seat, in percent of the circle's box (0–100). */
  x: number;
  y: number;
  /** Radians, 0 at the top, growing clockwise. */
  angle: number;
}

/** Radius (percent of the box) that keeps tokens of the given size, plus their nameplate, inside the box. */
export const circleRadius = (players: number): number => {
  const token = tokenSizeBase(players) * TOKEN_UNIT_PERCENT;
  return 50 - token / 2 - 4;
};

/** Seats around a circle, seat 0 at the top, clockwise, evenly spaced. */
export const seatPositions = (count: number, radius: number = circleRadius(count)): SeatPosition[] =>
  Array.from({ length: count }, (_, index) => {
    const angle = (2 * Math.PI * index) / count;
    return {
      index,
      x: round(50 + radius * Math.sin(angle)),
      y: round(50 - radius * Math.cos(angle)),
      angle,
    };
  });

const round = (value: number): number => Math.round(value * 1000) / 1000;
