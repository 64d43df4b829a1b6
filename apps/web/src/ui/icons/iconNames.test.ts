import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { roles } from '@belfry/content';
import { BUILT_IN_HAND_ICONS, POWERFUL_HAND_ICONS } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import {
  ALL_GAME_ICON_NAMES,
  CHARACTER_ICON_SETS,
  CHARACTER_ICONS,
  HAND_ICONS,
  handIconName,
  ICON_SETS_OF,
  INTERFACE_ICON_NAMES,
  roleIconName,
  type IconSetName,
} from './iconNames';

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

  it('keeps each character in the set of its edition, the experimental ones in two, fabled and loric together', () => {
    const setOf = (role: { edition?: string; team: string }): IconSetName => {
      if (role.edition === 'carousel') return role.team === 'townsfolk' ? 'carousel-townsfolk' : 'carousel-others';
      if (role.edition === 'fabled' || role.edition === 'loric') return 'fabled';
      return role.edition as IconSetName;
    };
    for (const role of roles) {
      expect((CHARACTER_ICON_SETS[setOf(role)] as Record<string, string>)[role.id], role.id).toBe(
        CHARACTER_ICONS[role.id],
      );
    }
    const sets = Object.values(CHARACTER_ICON_SETS).map((set) => Object.keys(set).length);
    expect(sets.reduce((a, b) => a + b, 0)).toBe(roles.length);
  });

  it('draws every character icon from the interface or from a set', () => {
    const interfaceIcons = new Set(INTERFACE_ICON_NAMES);
    for (const name of Object.values(CHARACTER_ICONS)) {
      expect(interfaceIcons.has(name) || (ICON_SETS_OF[name]?.length ?? 0) > 0, name).toBe(true);
    }
  });

  it('falls back to the team icon and the plain hand', () => {
    expect(roleIconName({ id: 'custom-thing', team: 'demon' })).toBe('devil-mask');
    expect(handIconName('role:imp')).toBe(CHARACTER_ICONS.imp);
    expect(handIconName('unknown')).toBe('hand');
  });
});
