import { describe, expect, it } from 'vitest';
import { circleRadius, seatPositions, TOKEN_UNIT_PERCENT, tokenSizeBase } from './seatLayout';

describe('tokenSizeBase (spec 1 §2 token zoom base)', () => {
  it.each([
    [0, 18],
    [6, 18],
    [7, 16],
    [10, 16],
    [11, 14],
    [15, 14],
    [16, 12],
    [20, 12],
  ])('%i players → %i', (players, base) => {
    expect(tokenSizeBase(players)).toBe(base);
  });
});

describe('seatPositions', () => {
  it('places nothing for no seats', () => {
    expect(seatPositions(0)).toEqual([]);
  });

  it('starts at the top and goes clockwise', () => {
    const [top, right, bottom, left] = seatPositions(4, 40);
    expect(top).toMatchObject({ x: 50, y: 10 });
    expect(right).toMatchObject({ x: 90, y: 50 });
    expect(bottom).toMatchObject({ x: 50, y: 90 });
    expect(left).toMatchObject({ x: 10, y: 50 });
  });

  it('keeps neighbouring tokens apart and every token inside the box, up to 20 seats', () => {
    for (let count = 2; count <= 20; count++) {
      const positions = seatPositions(count);
      const token = tokenSizeBase(count) * TOKEN_UNIT_PERCENT;
      for (const p of positions) {
        expect(p.x - token / 2).toBeGreaterThanOrEqual(0);
        expect(p.x + token / 2).toBeLessThanOrEqual(100);
        expect(p.y - token / 2).toBeGreaterThanOrEqual(0);
      }
      const a = positions[0]!;
      const b = positions[1]!;
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(token);
      expect(circleRadius(count)).toBeGreaterThan(30);
    }
  });
});
