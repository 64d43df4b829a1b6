import { describe, expect, it } from 'vitest';
import { reminderFontPercent, roleNameFontPercent } from './roleFontSize';

describe('role name font size (spec 1 §5)', () => {
  it('is 110 % up to 10 characters', () => {
    expect(roleNameFontPercent('Imp')).toBe(110);
    expect(roleNameFontPercent('x'.repeat(10))).toBe(110);
  });
  it('is 90 % over 10, 80 % over 17 and 70 % over 25 characters', () => {
    expect(roleNameFontPercent('x'.repeat(11))).toBe(90);
    expect(roleNameFontPercent('x'.repeat(17))).toBe(90);
    expect(roleNameFontPercent('x'.repeat(18))).toBe(80);
    expect(roleNameFontPercent('x'.repeat(25))).toBe(80);
    expect(roleNameFontPercent('x'.repeat(26))).toBe(70);
  });
});

describe('reminder font size (spec 3 §4)', () => {
  it('steps down at lengths over 10, 15, 20 and 25', () => {
    expect(reminderFontPercent('x'.repeat(10))).toBe(100);
    expect(reminderFontPercent('x'.repeat(11))).toBe(90);
    expect(reminderFontPercent('x'.repeat(16))).toBe(80);
    expect(reminderFontPercent('x'.repeat(21))).toBe(70);
    expect(reminderFontPercent('x'.repeat(26))).toBe(60);
  });
});
