import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { roles } from '@belfry/content';
import { BUILT_IN_HAND_ICONS, POWERFUL_HAND_ICONS } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { ALL_GAME_ICON_NAMES, CHARACTER_ICONS, HAND_ICONS, handIconName, roleIconName } from './iconNames';

const require = createRequire(import.meta.url);
const set = JSON.parse(readFileSync(require.resolve('@iconify-json/game-icons/icons.json'), 'utf8')) as {
  icons: Record<string, unknown>;
};

describe('game icons', () => {
  it('names only icons the set has', () => {
    expect(ALL_GAME_ICON_NAMES.filter((name) => !set.icons[name])).toEqual([]);
  });

  it('has an icon for every character of the catalogue and every hand icon', () => {
    expect(roles.filter((role) => !CHARACTER_ICONS[role.id]).map((role) => role.id)).toEqual([]);
    expect([...BUILT_IN_HAND_ICONS, ...POWERFUL_HAND_ICONS].filter((icon) => !HAND_ICONS[icon])).toEqual([]);
  });

  it('falls back to the team icon and the plain hand', () => {
    expect(roleIconName({ id: 'custom-thing', team: 'demon' })).toBe('devil-mask');
    expect(handIconName('role:imp')).toBe(CHARACTER_ICONS.imp);
    expect(handIconName('unknown')).toBe('hand');
  });
});
