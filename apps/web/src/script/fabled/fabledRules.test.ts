import { roleById } from '@belfry/content';
import type { Role } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { tableView } from '../../session/testView';
import {
  BLUFF_COUNT,
  bluffCandidates,
  bluffsVisible,
  canAddFabled,
  canRemoveFabled,
  FABLED_POOL,
  fabledAbilities,
  fabledBlock,
  isScriptJinxed,
  votelessSeats,
  withBluff,
} from './fabledRules';

const role = (id: string): Role => roleById(id)!;
const context = (extra: Partial<Parameters<typeof fabledBlock>[1]> = {}) => ({
  editionId: 'tb',
  jinxed: false,
  inPlay: [] as string[],
  ...extra,
});

describe('fabled availability (spec 3 §4 Fabled)', () => {
  it('offers every fabled and loric character', () => {
    expect(FABLED_POOL.every((r) => r.team === 'fabled' || r.team === 'loric')).toBe(true);
    expect(FABLED_POOL.map((r) => r.id)).toEqual(
      expect.arrayContaining(['djinn', 'bootlegger', 'gardener', 'toymaker']),
    );
  });

  it('disables the Bootlegger with homebrew, the Djinn when jinxed, the Gardener when present', () => {
    expect(fabledBlock('bootlegger', context({ editionId: 'homebrew' }))).toBe('homebrew');
    expect(fabledBlock('bootlegger', context({ editionId: 'custom' }))).toBeNull();
    expect(fabledBlock('djinn', context({ jinxed: true }))).toBe('jinxed');
    expect(fabledBlock('djinn', context())).toBeNull();
    expect(fabledBlock('gardener', context({ inPlay: ['gardener'] }))).toBe('present');
    expect(canAddFabled('gardener', context({ inPlay: ['gardener'] }))).toBe(false);
    expect(canAddFabled('toymaker', context())).toBe(true);
    expect(canAddFabled('toymaker', context({ inPlay: ['toymaker'] }))).toBe(false);
  });

  it("leaves removal to the Storyteller and keeps the script's own entries", () => {
    expect(canRemoveFabled('toymaker', context({ inPlay: ['toymaker'] }), false)).toBe(false);
    expect(canRemoveFabled('toymaker', context({ inPlay: ['toymaker'] }), true)).toBe(true);
    expect(canRemoveFabled('bootlegger', context({ editionId: 'homebrew', inPlay: ['bootlegger'] }), true)).toBe(false);
    expect(canRemoveFabled('djinn', context({ jinxed: true, inPlay: ['djinn'] }), true)).toBe(false);
  });

  it('knows a jinxed script', () => {
    expect(isScriptJinxed(['alchemist', 'spy', 'washerwoman'].map(role))).toBe(true);
    expect(isScriptJinxed(['washerwoman', 'spy'].map(role))).toBe(false);
    expect(isScriptJinxed([{ ...role('alchemist'), isCustom: true }, role('spy')])).toBe(false);
  });

  it('reads the abilities the Storyteller can use: distribute roles, ghost votes, pointing', () => {
    expect(fabledAbilities(role('gardener'))).toEqual(['distribute-roles']);
    expect(fabledAbilities(role('ferryman'))).toEqual(['ghost-votes']);
    expect(fabledAbilities(role('fiddler'))).toEqual(['pointing']);
    expect(fabledAbilities(role('toymaker'))).toEqual([]);
  });

  it('clears ghost votes of the voteless players only', () => {
    const view = tableView(4, 'st');
    view.seats[1]!.isVoteless = true;
    view.seats[3]!.isVoteless = true;
    expect(votelessSeats(view.seats)).toEqual([1, 3]);
  });
});

describe('bluffs (spec 3 §5, §9: bluffs 3)', () => {
  it('offers no travellers, minions, demons or roles in play, nor a bluff chosen in another slot', () => {
    const view = tableView(3, 'st');
    view.seats[0]!.role = role('washerwoman');
    const script = ['washerwoman', 'librarian', 'butler', 'poisoner', 'imp', 'scapegoat', 'investigator'].map(role);
    const bluffs = [role('investigator'), null, null];
    expect(bluffCandidates(script, view.seats, bluffs, 1).map((r) => r.id)).toEqual(['librarian', 'butler']);
    // The slot's own bluff stays on offer.
    expect(bluffCandidates(script, view.seats, bluffs, 0).map((r) => r.id)).toEqual([
      'librarian',
      'butler',
      'investigator',
    ]);
  });

  it('replaces one of three slots', () => {
    expect(BLUFF_COUNT).toBe(3);
    expect(withBluff([null, null, null], 2, role('butler')).map((b) => b?.id ?? null)).toEqual([null, null, 'butler']);
    expect(withBluff([role('butler')], 0, null)).toEqual([null, null, null]);
  });

  it('shows the tab to a Storyteller with more than 6 players, not with 6', () => {
    expect(bluffsVisible(tableView(7, 'st'), false)).toBe(true);
    expect(bluffsVisible(tableView(6, 'st'), false)).toBe(false);
  });

  it('shows it with 7 or fewer players when a Snitch or Summoner is in play (Storyteller)', () => {
    const view = tableView(5, 'st');
    view.seats[2]!.role = role('snitch');
    expect(bluffsVisible(view, false)).toBe(true);
  });

  it('shows it with a Toymaker fabled to the Storyteller and the Demon, not to other players', () => {
    const st = tableView(5, 'st');
    st.fabled = [role('toymaker')];
    expect(bluffsVisible(st, false)).toBe(true);
    const demon = tableView(5, 'p1');
    demon.fabled = [role('toymaker')];
    demon.seats[0]!.role = role('imp');
    expect(bluffsVisible(demon, false)).toBe(true);
    const player = tableView(5, 'p2');
    player.fabled = [role('toymaker')];
    expect(bluffsVisible(player, false)).toBe(false);
  });

  it('shows it to a seated player with the player-bluffs setting, not to a spectator', () => {
    expect(bluffsVisible(tableView(5, 'p2'), true)).toBe(true);
    expect(bluffsVisible(tableView(5, 'spec'), true)).toBe(false);
  });
});
