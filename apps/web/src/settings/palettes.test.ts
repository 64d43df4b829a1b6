import { describe, expect, it } from 'vitest';
import { contrast, PALETTE_NAMES, PALETTES, PARCHMENT } from './palettes';
import { COLORBLIND_MODES, wrapColorblind } from './settingsStore';

describe('the colorblind palettes', () => {
  it('are eight (spec 3 §9: colorblind modes 8), each named', () => {
    expect(PALETTES).toHaveLength(COLORBLIND_MODES);
    expect(PALETTE_NAMES).toHaveLength(COLORBLIND_MODES);
  });

  it.each(PALETTES.map((palette, mode) => [mode, palette] as const))(
    'mode %i: every team and alignment colour keeps 3:1 contrast on the parchment token',
    (_mode, palette) => {
      for (const colour of Object.values(palette)) expect(contrast(colour, PARCHMENT)).toBeGreaterThanOrEqual(3);
    },
  );

  it.each(PALETTES.slice(1).map((palette, index) => [index + 1, palette] as const))(
    'mode %i: good and evil differ in lightness, not only in hue (1.5:1 between them)',
    (_mode, palette) => {
      expect(contrast(palette.good, palette.evil)).toBeGreaterThanOrEqual(1.5);
      expect(contrast(palette.townsfolk, palette.demon)).toBeGreaterThanOrEqual(1.5);
    },
  );

  it('wraps modulo 8 (spec 3 §4)', () => {
    expect(wrapColorblind(8)).toBe(0);
    expect(wrapColorblind(9)).toBe(1);
    expect(wrapColorblind(-1)).toBe(7);
  });
});
