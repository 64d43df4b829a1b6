import { describe, expect, it } from 'vitest';
import { swipeDirection } from './swipe';

const o = { x: 100, y: 100 };

describe('touch swipes (spec 1 §9: 50 px)', () => {
  it('counts only moves above 50 px', () => {
    expect(swipeDirection(o, { x: 150, y: 100 }, true)).toBeNull();
    expect(swipeDirection(o, { x: 151, y: 100 }, true)).toBe('right');
    expect(swipeDirection(o, { x: 49, y: 100 }, true)).toBe('left');
    expect(swipeDirection(o, { x: 100, y: 151 }, true)).toBe('down');
    expect(swipeDirection(o, { x: 100, y: 40 }, true)).toBe('up');
  });

  it('follows the longer axis', () => {
    expect(swipeDirection(o, { x: 180, y: 170 }, true)).toBe('right');
    expect(swipeDirection(o, { x: 160, y: 190 }, true)).toBe('down');
  });

  it('does nothing without touch support', () => {
    expect(swipeDirection(o, { x: 300, y: 100 }, false)).toBeNull();
  });
});
