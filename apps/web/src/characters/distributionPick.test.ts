import { roleById } from '@belfry/content';
import type { Role, Seat } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import {
  bagSeats,
  buildDistribution,
  isSelectionReady,
  maxCopies,
  MAX_COPIES,
  MIN_DISTRIBUTION_PLAYERS,
  normalizeSelection,
  overLimitRoles,
  randomSelection,
  selectedCount,
  selectedSetupRoles,
  teamCounts,
  withCount,
} from './distributionPick';
import { DISTRIBUTION_PAGE_SIZE } from './pickers';
import { distributionCell, townCounts } from '../table/townInfo';

const role = (id: string, team: Role['team'], extra: Partial<Role> = {}): Role => ({ id, name: id, team, ...extra });

const chef = role('chef', 'townsfolk');
const monk = role('monk', 'townsfolk');
const drunk = role('drunk', 'outsider', { setup: true, special: [{ type: 'selection', name: 'bag-disabled' }] });
const idiot = role('villageidiot', 'townsfolk', { special: [{ type: 'selection', name: 'bag-duplicate' }] });
const atheist = role('atheist', 'townsfolk');
const baron = role('baron', 'minion', { setup: true });
const imp = role('imp', 'demon');
const beggar = role('beggar', 'traveller');
const roles = [chef, monk, drunk, idiot, atheist, baron, imp];

const seat = (r: Role | null = null): Pick<Seat, 'role' | 'alignment'> => ({ role: r, alignment: null });

describe('roles distribution (spec 3 §2, §5)', () => {
  it('shows 7 roles per page', () => {
    expect(DISTRIBUTION_PAGE_SIZE).toBe(7);
  });

  it('needs exactly as many roles as non-traveller players, at least 5', () => {
    expect(MIN_DISTRIBUTION_PLAYERS).toBe(5);
    expect(bagSeats([seat(), seat(beggar), seat()])).toEqual([0, 2]);
    expect(isSelectionReady({ chef: 1, monk: 1, villageidiot: 1, baron: 1, imp: 1 }, 5, roles)).toBe(true);
    // One short, one over.
    expect(isSelectionReady({ chef: 1, monk: 1, baron: 1, imp: 1 }, 5, roles)).toBe(false);
    expect(isSelectionReady({ chef: 1, monk: 1, villageidiot: 2, baron: 1, imp: 1 }, 5, roles)).toBe(false);
    // 4 players: never, even with 4 chosen.
    expect(isSelectionReady({ chef: 1, monk: 1, baron: 1, imp: 1 }, 4, roles)).toBe(false);
    expect(selectedCount({ villageidiot: 3, imp: 1 })).toBe(4);
  });

  it('allows one copy, more for bag-duplicate roles or with the Atheist: at most the player count and 15', () => {
    expect(MAX_COPIES).toBe(15);
    expect(maxCopies(chef, {}, 12)).toBe(1);
    expect(maxCopies(idiot, {}, 5)).toBe(5);
    expect(maxCopies(idiot, {}, 12)).toBe(12);
    expect(maxCopies(idiot, {}, 15)).toBe(15);
    expect(maxCopies(idiot, {}, 16)).toBe(15);
    expect(maxCopies(idiot, {}, 20)).toBe(15);
    expect(maxCopies(chef, { atheist: 1 }, 8)).toBe(8);
    expect(maxCopies(chef, { atheist: 1 }, 15)).toBe(15);
    expect(maxCopies(chef, { atheist: 1 }, 16)).toBe(15);
  });

  it('finds roles chosen more often than allowed and cuts them back', () => {
    expect(overLimitRoles({ villageidiot: 8 }, roles, 8)).toEqual([]);
    expect(overLimitRoles({ villageidiot: 9 }, roles, 8).map((r) => r.id)).toEqual(['villageidiot']);
    expect(overLimitRoles({ chef: 2, drunk: 1 }, roles, 8).map((r) => r.id)).toEqual(['chef', 'drunk']);
    expect(overLimitRoles({ chef: 2, drunk: 1, atheist: 1 }, roles, 8)).toEqual([]);
    // Taking the Atheist out: one Chef, no Drunk, the Village Idiot keeps its copies.
    const withAtheist = { chef: 3, drunk: 2, villageidiot: 3, atheist: 1 };
    expect(withCount(withAtheist, 'atheist', 0, roles, 8)).toEqual({ chef: 1, villageidiot: 3 });
    expect(normalizeSelection({ villageidiot: 20, chef: 0, unknown: 2 }, roles, 20)).toEqual({ villageidiot: 15 });
    // The copies follow the player count: 6 Village Idiots are too many for 5 players.
    expect(normalizeSelection({ villageidiot: 6 }, roles, 5)).toEqual({ villageidiot: 5 });
    expect(isSelectionReady({ chef: 2, monk: 1, baron: 1, imp: 1 }, 5, roles)).toBe(false);
    expect(isSelectionReady({ chef: 2, monk: 1, atheist: 1, imp: 1 }, 5, roles)).toBe(true);
  });

  it('keeps bag-disabled roles for the Atheist', () => {
    expect(maxCopies(drunk, {}, 8)).toBe(0);
    expect(maxCopies(drunk, { atheist: 1 }, 8)).toBe(8);
  });

  it('warns about setup roles and counts teams', () => {
    expect(selectedSetupRoles({ baron: 1, chef: 1 }, roles).map((r) => r.id)).toEqual(['baron']);
    expect(teamCounts({ chef: 1, villageidiot: 2, baron: 1, imp: 1 }, roles)).toEqual({
      townsfolk: 3,
      outsider: 0,
      minion: 1,
      demon: 1,
    });
  });

  it('gives every non-traveller seat one chosen role; travellers keep theirs', () => {
    const seats = [seat(), seat(), { role: beggar, alignment: 'e' as const }, seat(), seat(), seat()];
    const out = buildDistribution(seats, { chef: 1, monk: 1, villageidiot: 1, baron: 1, imp: 1 }, roles, () => 0);
    expect(out).toHaveLength(6);
    expect(out[2]).toEqual({ role: beggar, alignment: 'e' });
    const given = out.filter((_, i) => i !== 2).map((entry) => entry.role?.id);
    expect([...given].sort()).toEqual(['baron', 'chef', 'imp', 'monk', 'villageidiot']);
    expect(out.every((entry, i) => i === 2 || entry.alignment === null)).toBe(true);
  });

  it('fills a random selection by the distribution table', () => {
    const selection = randomSelection(roles, { townsfolk: 3, outsider: 0, minion: 1, demon: 1 }, () => 0.5);
    expect(teamCounts(selection, roles)).toEqual({ townsfolk: 3, outsider: 0, minion: 1, demon: 1 });
    expect(selection.drunk).toBeUndefined();
  });

  it('reads the bag specials from the catalogue', () => {
    const of = (id: string) => roleById(id)!;
    for (const id of ['drunk', 'marionette', 'lilmonsta']) {
      expect(maxCopies(of(id), {}, 10)).toBe(0);
      expect(maxCopies(of(id), { atheist: 1 }, 10)).toBe(10);
    }
    for (const id of ['villageidiot', 'legion']) expect(maxCopies(of(id), {}, 10)).toBe(10);
    expect(maxCopies(of('imp'), {}, 10)).toBe(1);
    expect(selectedSetupRoles({ baron: 1, imp: 1 }, [of('baron'), of('imp')]).map((r) => r.id)).toEqual(['baron']);
  });

  it('aims at the distribution table from 5 to 15 players, question marks outside', () => {
    const wanted = (players: number) =>
      townCounts(Array.from({ length: players }, () => ({ role: null, isDead: false })));
    expect(wanted(4).distribution).toBeNull();
    expect(distributionCell(wanted(4).distribution, 'townsfolk')).toBe('?');
    expect(wanted(5).distribution).toEqual({ townsfolk: 3, outsider: 0, minion: 1, demon: 1 });
    expect(wanted(15).distribution).toEqual({ townsfolk: 9, outsider: 2, minion: 3, demon: 1 });
  });
});
