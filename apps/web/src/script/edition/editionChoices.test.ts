import { editionById, loadScript, roleById } from '@belfry/content';
import { clientMessages } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { shortcutAllowed, shortcutFor } from '../../ui/shortcuts';
import {
  customIntent,
  customLevel,
  LEVEL_MARKS,
  logoUrl,
  OFFICIAL_EDITION_IDS,
  officialIntent,
} from './editionChoices';
import { RELEASE_SCRIPT_IDS, releaseScriptText } from './releaseScript';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const PUBLIC = join(import.meta.dirname, '../../../public');

describe('official editions', () => {
  it('offers tb, bmr, snv and the experimental set, each with its logo and level', () => {
    expect(OFFICIAL_EDITION_IDS).toEqual(['tb', 'bmr', 'snv', 'carousel']);
    for (const id of OFFICIAL_EDITION_IDS) {
      expect(existsSync(join(PUBLIC, logoUrl(id))), id).toBe(true);
      expect(LEVEL_MARKS[editionById(id)!.level]).toBeGreaterThan(0);
    }
    expect(logoUrl('homebrew')).toBe('/logos/custom.svg');
    expect(existsSync(join(PUBLIC, logoUrl('custom')))).toBe(true);
  });

  it('sends an edition with its characters, in the shape the server accepts', () => {
    for (const id of OFFICIAL_EDITION_IDS) {
      const intent = officialIntent(id);
      expect(intent.edition).toMatchObject({ id, isOfficial: true, level: editionById(id)!.level });
      expect(intent.roles.map((r) => r.id)).toEqual(editionById(id)!.roles);
      expect(clientMessages.edition.safeParse(intent).success, id).toBe(true);
    }
  });
});

describe('custom scripts', () => {
  it('names a script by its metadata, else by the fallback, within 50 characters', () => {
    const named = customIntent(
      loadScript(
        JSON.stringify([{ id: '_meta', name: 'Night Shift', author: 'Ana' }, 'chef', 'empath', 'imp', 'spy', 'saint']),
      ),
      'Custom',
    );
    expect(named.edition).toEqual({
      id: 'custom',
      name: 'Night Shift',
      author: 'Ana',
      isOfficial: false,
      level: 'beginner',
    });
    const unnamed = customIntent(loadScript(JSON.stringify(['chef', 'empath', 'imp', 'spy', 'po'])), 'Custom script');
    expect(unnamed.edition).toMatchObject({ name: 'Custom script', author: '', level: 'intermediate' });
    expect(
      customIntent(loadScript(JSON.stringify(['chef', 'empath', 'imp', 'spy', 'po'])), 'x'.repeat(80)).edition.name,
    ).toHaveLength(50);
  });

  it('sends a homebrew script with its own characters and its fabled', () => {
    const loaded = loadScript(
      JSON.stringify([
        'chef',
        'empath',
        'imp',
        'spy',
        'sentinel',
        { id: 'lamplighter', name: 'Lamplighter', team: 'townsfolk', ability: 'Each night, learn a light.' },
      ]),
    );
    const intent = customIntent(loaded, 'Custom');
    expect(intent.edition.id).toBe('homebrew');
    expect(intent.roles.find((r) => r.id === 'lamplighter')).toMatchObject({ isCustom: true, team: 'townsfolk' });
    expect(intent.roles.map((r) => r.id)).toContain('sentinel');
    expect(clientMessages.edition.safeParse(intent).success).toBe(true);
  });

  it('sends Trouble Brewing when the script fell back (unknown ids)', () => {
    const intent = customIntent(loadScript(JSON.stringify(['chef', 'empath', 'imp', 'spy', 'nobody'])), 'Custom');
    expect(intent).toEqual(officialIntent('tb'));
  });

  it('judges a script of Trouble Brewing characters beginner, any other intermediate', () => {
    expect(customLevel([roleById('chef')!, roleById('imp')!])).toBe('beginner');
    expect(customLevel([roleById('chef')!, roleById('po')!])).toBe('intermediate');
    expect(customLevel([{ id: 'x', name: 'X', team: 'townsfolk', edition: 'tb', isCustom: true }])).toBe(
      'intermediate',
    );
    expect(customLevel([])).toBe('intermediate');
  });
});

describe('the release script (spec 3 §2: a fixed list of about 25)', () => {
  it('holds 25 Trouble Brewing characters: townsfolk, outsiders, minions, a demon and travellers', () => {
    expect(RELEASE_SCRIPT_IDS).toHaveLength(25);
    expect(new Set(RELEASE_SCRIPT_IDS).size).toBe(25);
    const teams = RELEASE_SCRIPT_IDS.map((id) => roleById(id)?.team);
    for (const id of RELEASE_SCRIPT_IDS) expect(roleById(id)?.edition, id).toBe('tb');
    expect(teams.filter((t) => t === 'townsfolk')).toHaveLength(13);
    expect(teams.filter((t) => t === 'outsider')).toHaveLength(4);
    expect(teams.filter((t) => t === 'minion')).toHaveLength(4);
    expect(teams.filter((t) => t === 'demon')).toHaveLength(1);
    expect(teams.filter((t) => t === 'traveller')).toHaveLength(3);
  });

  it('loads as a clean custom script of beginner level', () => {
    const loaded = loadScript(releaseScriptText('Gentle Start', 'Belfry'));
    expect(loaded.problems).toEqual([]);
    expect(loaded.editionId).toBe('custom');
    const intent = customIntent(loaded, 'x');
    expect(intent.edition).toMatchObject({ id: 'custom', name: 'Gentle Start', author: 'Belfry', level: 'beginner' });
    expect(intent.roles.map((r) => r.id)).toEqual(RELEASE_SCRIPT_IDS);
  });
});

describe('shortcut 2 (spec 3 §9)', () => {
  const key = {
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    shiftKey: false,
    targetTag: 'BODY',
    targetEditable: false,
  };
  const context = { isStoryteller: true, isSeated: false, isRevealing: false, isDialogOpen: false };

  it('opens the edition picker, for the Storyteller only, not while typing', () => {
    expect(shortcutFor({ ...key, key: '2' })).toBe('edition');
    expect(shortcutFor({ ...key, key: '2', targetTag: 'INPUT' })).toBeNull();
    expect(shortcutAllowed('edition', context)).toBe(true);
    expect(shortcutAllowed('edition', { ...context, isStoryteller: false })).toBe(false);
    expect(shortcutAllowed('edition', { ...context, isDialogOpen: true })).toBe(false);
  });
});

describe('English texts of the picker', () => {
  it('exist for the keys built at run time', () => {
    const section = en.edition;
    for (const level of ['beginner', 'intermediate', 'veteran'] as const) expect(section.level[level]).toBeTruthy();
    for (const source of ['file', 'paste', 'url'] as const) expect(section.custom[`tab_${source}`]).toBeTruthy();
    for (const set of ['tb', 'bmr', 'snv', 'custom'] as const) expect(section.themes[`set_${set}`]).toBeTruthy();
  });
});
