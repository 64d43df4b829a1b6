import { describe, expect, it } from 'vitest';
import { CENTRE_RADIUS, dialGeometry, seatDegrees } from './dialGeometry';

describe('dialGeometry (percent of the circle box)', () => {
  it('puts the dial 4 inside the tokens: 5 seats, ring 38.8, token 14.4 → dial 27.6', () => {
    const g = dialGeometry(5);
    expect(g.ring).toBeCloseTo(38.8);
    expect(g.token).toBeCloseTo(14.4);
    expect(g.dial).toBeCloseTo(27.6);
  });

  it('leaves the pointers room between the centre disc and the dial for 5 to 20 seats', () => {
    for (let seats = 5; seats <= 20; seats++) {
      const g = dialGeometry(seats);
      expect(g.pointerTo - g.pointerFrom).toBeGreaterThan(7);
      expect(g.pointerFrom).toBeGreaterThan(CENTRE_RADIUS);
    }
  });
});

describe('seatDegrees', () => {
  it('goes clockwise from the top: seat 2 of 8 at 90°, and past a full turn for the hand', () => {
    expect(seatDegrees(2, 8)).toBe(90);
    expect(seatDegrees(8.5, 8)).toBe(382.5);
  });
});
