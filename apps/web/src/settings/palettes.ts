/**
 * Spec 3 §3 colorblind modes 0–7: eight palettes for the alignment and team colours. Mode 0 is the
 * usual palette; the others are for red–green (protan, deutan), blue–yellow (tritan) and no colour
 * vision, plus high-contrast sets. Every colour is read on the parchment token, so each keeps at
 * least 3:1 contrast against it (palettes.test.ts); the alternative palettes also set good and evil
 * apart by lightness, not by hue alone.
 */
export interface Palette {
  townsfolk: string;
  outsider: string;
  minion: string;
  demon: string;
  traveller: string;
  good: string;
  evil: string;
}

export const PALETTE_NAMES = [
  'standard',
  'protanopia',
  'deuteranopia',
  'tritanopia',
  'achromatopsia',
  'high_contrast',
  'blue_orange',
  'purple_gold',
] as const;

export const PALETTES: readonly Palette[] = [
  {
    townsfolk: '#1d63b3',
    outsider: '#1f6f9e',
    minion: '#b9382c',
    demon: '#8f1a17',
    traveller: '#7b52b3',
    good: '#2a6fc0',
    evil: '#b52d22',
  },
  {
    townsfolk: '#0b4f9c',
    outsider: '#146a8f',
    minion: '#8a5a00',
    demon: '#3d2700',
    traveller: '#5b3f8c',
    good: '#2a6fc0',
    evil: '#4a2e00',
  },
  {
    townsfolk: '#1a4fa0',
    outsider: '#2a6a98',
    minion: '#925200',
    demon: '#4f3000',
    traveller: '#6a4596',
    good: '#1a4fa0',
    evil: '#4f3000',
  },
  {
    townsfolk: '#0f6b5a',
    outsider: '#1d6e70',
    minion: '#b0205a',
    demon: '#6e0f30',
    traveller: '#5a4a8a',
    good: '#0f6b5a',
    evil: '#6e0f30',
  },
  {
    townsfolk: '#555555',
    outsider: '#6a6a6a',
    minion: '#333333',
    demon: '#111111',
    traveller: '#444444',
    good: '#6a6a6a',
    evil: '#111111',
  },
  {
    townsfolk: '#00327a',
    outsider: '#005a7a',
    minion: '#8c0000',
    demon: '#2e0000',
    traveller: '#4b0082',
    good: '#1f5fb0',
    evil: '#3a0000',
  },
  {
    townsfolk: '#0a58a8',
    outsider: '#2a6f97',
    minion: '#a34a00',
    demon: '#4a2000',
    traveller: '#44447a',
    good: '#0a58a8',
    evil: '#4a2000',
  },
  {
    townsfolk: '#7a5aa8',
    outsider: '#6d4a9a',
    minion: '#7a5c00',
    demon: '#4a3600',
    traveller: '#2f5d62',
    good: '#6d4a9a',
    evil: '#4a3600',
  },
];

/** The parchment the team colours are read on (styles/base.css --parchment). */
export const PARCHMENT = '#efe3c5';

const channel = (value: number): number => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of a #rrggbb colour. */
export const luminance = (hex: string): number => {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};

/** WCAG contrast ratio between two colours (1 to 21). */
export const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The CSS custom properties of a palette, as Game.css names them. */
export const paletteVariables = (palette: Palette): Record<string, string> => ({
  '--team-townsfolk': palette.townsfolk,
  '--team-outsider': palette.outsider,
  '--team-minion': palette.minion,
  '--team-demon': palette.demon,
  '--team-traveller': palette.traveller,
  '--good': palette.good,
  '--evil': palette.evil,
});
