import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { FREE_AVATAR_MAX, LEVEL_AVATAR_MIN } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import {
  CHARACTER_ICONS,
  FREE_AVATAR_ICONS,
  HAND_ICONS,
  INTERFACE_ICON_NAMES,
  LEVEL_AVATAR_ICONS,
  TEAM_ICONS,
  UI_ICONS,
} from '../../ui/icons/iconNames';
import { AVATAR_COLOURS, avatarArt, isDrawnAvatar, uploadedAvatarUrl } from './avatarSet';

const require = createRequire(import.meta.url);
const set = JSON.parse(readFileSync(require.resolve('@iconify-json/game-icons/icons.json'), 'utf8')) as {
  icons: Record<string, unknown>;
};

/** WCAG relative luminance of a #rrggbb colour. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

describe('avatars Belfry draws (spec 2 §9: 0–25 free; negative ids need a level)', () => {
  it('has 26 free avatars, ids 0 to 25, and six for levels, -1 to -6, all distinct icons of the set', () => {
    expect(FREE_AVATAR_ICONS).toHaveLength(FREE_AVATAR_MAX + 1);
    expect(LEVEL_AVATAR_ICONS).toHaveLength(-LEVEL_AVATAR_MIN);
    const all = [...FREE_AVATAR_ICONS, ...LEVEL_AVATAR_ICONS];
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((name) => !set.icons[name])).toEqual([]);
    expect(all.filter((name) => !INTERFACE_ICON_NAMES.includes(name))).toEqual([]);
  });

  it('uses no character or interface icon, so an avatar on a seat is never read as a role', () => {
    const taken = new Set([
      ...Object.values(CHARACTER_ICONS),
      ...Object.values(TEAM_ICONS),
      ...Object.values(UI_ICONS),
      ...Object.values(HAND_ICONS),
    ]);
    expect([...FREE_AVATAR_ICONS, ...LEVEL_AVATAR_ICONS].filter((name) => taken.has(name))).toEqual([]);
  });

  it('draws white icons on discs with a contrast of at least 4.5:1', () => {
    for (const colour of [...AVATAR_COLOURS.free, ...AVATAR_COLOURS.level]) {
      expect(1.05 / (luminance(colour) + 0.05), colour).toBeGreaterThanOrEqual(4.5);
    }
    expect(AVATAR_COLOURS.free).toHaveLength(26);
    expect(AVATAR_COLOURS.level).toHaveLength(6);
  });

  it('falls back to avatar 0 for what it cannot draw', () => {
    expect(isDrawnAvatar(25)).toBe(true);
    expect(isDrawnAvatar(26)).toBe(false);
    expect(isDrawnAvatar(-6)).toBe(true);
    expect(isDrawnAvatar(-7)).toBe(false);
    expect(avatarArt(26)).toEqual(avatarArt(0));
    expect(avatarArt('worldcup25')).toEqual(avatarArt(0));
    expect(avatarArt(-1).icon).toBe(LEVEL_AVATAR_ICONS[0]);
  });

  it('pins an uploaded picture to its version', () => {
    expect(uploadedAvatarUrl('u-1', 1700)).toBe('/avatars/u-1.webp?v=1700');
    expect(uploadedAvatarUrl('u-1', null)).toBe('/avatars/u-1.webp');
  });
});
