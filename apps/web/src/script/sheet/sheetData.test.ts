import { loadScript, roleById } from '@belfry/content';
import type { Role } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { tableView } from '../../session/testView';
import {
  editionInitials,
  editionRoles,
  groupByTeam,
  isEditionLoaded,
  jinxKey,
  sheetDownload,
  sheetJinxes,
  sheetRoles,
} from './sheetData';

const custom = (id: string, name: string, team: Role['team']): Role => ({
  id,
  name,
  team,
  ability: `The ${name} does something of its own.`,
  isCustom: true,
});

/** A homebrew script as the server holds it: official and custom characters, custom ones whole. */
const homebrewView = (name = 'Lanterns & Ladders!') => {
  const view = tableView(5, 'st');
  view.edition = { id: 'homebrew', name, author: 'A. Maker', isOfficial: false, level: 'veteran' };
  view.script = [
    roleById('washerwoman')!,
    custom('lamplighter', 'Lamplighter', 'townsfolk'),
    roleById('butler')!,
    roleById('poisoner')!,
    custom('gloomwing', 'Gloomwing', 'demon'),
  ];
  view.fabled = [{ id: 'bootlegger', name: 'Bootlegger', team: 'loric' }, roleById('djinn')!, roleById('toymaker')!];
  return view;
};

describe('character sheet roles', () => {
  it('reads a built-in edition from the catalogue with our ability texts', () => {
    const roles = editionRoles(tableView(5, 'st'));
    expect(roles.map((r) => r.id)).toContain('washerwoman');
    expect(roles.every((r) => r.edition === 'tb')).toBe(true);
    expect(roles.find((r) => r.id === 'washerwoman')!.ability).toBe(roleById('washerwoman')!.ability);
  });

  it("takes a custom script's characters from the view, official ones with the catalogue's texts", () => {
    const view = homebrewView();
    view.script[0] = { id: 'washerwoman', name: 'Washerwoman', team: 'townsfolk', ability: 'sent by a client' };
    const roles = editionRoles(view);
    expect(roles.map((r) => r.id)).toEqual(['washerwoman', 'lamplighter', 'butler', 'poisoner', 'gloomwing']);
    expect(roles[0]!.ability).toBe(roleById('washerwoman')!.ability);
    expect(roles[1]!.ability).toBe('The Lamplighter does something of its own.');
  });

  it('groups by team in sheet order and adds the fabled in play', () => {
    const groups = groupByTeam(sheetRoles(homebrewView()));
    expect(groups.map((g) => g.team)).toEqual(['townsfolk', 'outsider', 'minion', 'demon', 'fabled', 'loric']);
    expect(groups[0]!.roles.map((r) => r.id)).toEqual(['washerwoman', 'lamplighter']);
  });

  it('counts an edition as loaded only with characters', () => {
    expect(isEditionLoaded(tableView(5, 'st'))).toBe(true);
    const empty = homebrewView();
    empty.script = [];
    expect(isEditionLoaded(empty)).toBe(false);
  });

  it('makes a typographic logo from the initials', () => {
    expect(editionInitials('Trouble Brewing')).toBe('TB');
    expect(editionInitials('Sects & Violets')).toBe('SV');
    expect(editionInitials('')).toBe('');
  });
});

describe('jinxes on the sheet', () => {
  it('lists each jinx between two characters present once, with our text', () => {
    const roles = ['alchemist', 'spy', 'boffin', 'washerwoman'].map((id) => roleById(id)!);
    const jinxes = sheetJinxes(roles);
    expect(jinxes.map((j) => j.key).sort()).toEqual(
      [jinxKey('alchemist', 'boffin'), jinxKey('alchemist', 'spy')].sort(),
    );
    expect(jinxes.every((j) => j.reason.length > 0)).toBe(true);
    expect(sheetJinxes([roleById('alchemist')!, roleById('washerwoman')!])).toEqual([]);
  });

  it('has no jinx for a custom character, even with an official id', () => {
    expect(sheetJinxes([{ ...roleById('alchemist')!, isCustom: true }, roleById('spy')!])).toEqual([]);
  });
});

describe('script download (spec 3 §3)', () => {
  it('offers none for an official edition', () => {
    expect(sheetDownload(tableView(5, 'st'))).toBeNull();
  });

  it('names the file after the edition without punctuation and spaces', () => {
    expect(sheetDownload(homebrewView('Lanterns & Ladders!'))!.fileName).toBe('LanternsLadders.json');
    expect(sheetDownload(homebrewView(''))!.fileName).toBe('custom-script.json');
    expect(sheetDownload(homebrewView('  ...  '))!.fileName).toBe('custom-script.json');
  });

  it('puts _meta first, the roles without fabled, then the fabled except Bootlegger and Djinn', () => {
    const { json } = sheetDownload(homebrewView())!;
    expect(json[0]).toEqual({ id: '_meta', name: 'Lanterns & Ladders!', author: 'A. Maker' });
    const ids = json.slice(1).map((entry) => (typeof entry === 'string' ? entry : (entry as Role).id));
    expect(ids).toEqual(['washerwoman', 'lamplighter', 'butler', 'poisoner', 'gloomwing', 'toymaker']);
  });

  it('loads back with loadScript to the same characters (ids and names)', () => {
    const view = homebrewView();
    const loaded = loadScript(JSON.stringify(sheetDownload(view)!.json));
    expect(loaded.problems).toEqual([]);
    expect(loaded.editionId).toBe('homebrew');
    expect(loaded.name).toBe('Lanterns & Ladders!');
    expect(loaded.roles.map((r) => [r.id, r.name])).toEqual(view.script.map((r) => [r.id, r.name]));
    expect(loaded.fabled.map((r) => r.id)).toEqual(['toymaker']);
  });
});
