import type { Role, Seat } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import {
  bagSeats,
  buildDistribution,
  isSelectionReady,
  maxCopies,
  randomSelection,
  selectedCount,
  selectedSetupRoles,
  teamCounts,
} from './distributionPick';
import { DISTRIBUTION_PAGE_SIZE } from './pickers';

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
    expect(bagSeats([seat(), seat(beggar), seat()])).toEqual([0, 2]);
    expect(isSelectionReady({ chef: 1, monk: 1, idiot: 1, baron: 1, imp: 1 }, 5)).toBe(true);
    expect(isSelectionReady({ chef: 1, monk: 1, baron: 1, imp: 1 }, 5)).toBe(false);
    expect(isSelectionReady({ chef: 1, monk: 1, imp: 1 }, 3)).toBe(false);
    expect(selectedCount({ villageidiot: 3, imp: 1 })).toBe(4);
  });

  it('allows one copy, more for bag-duplicate roles or with the Atheist (at most 15 and the player count)', () => {
    expect(maxCopies(chef, {}, 12)).toBe(1);
    expect(maxCopies(idiot, {}, 12)).toBe(12);
    expect(maxCopies(idiot, {}, 20)).toBe(15);
    expect(maxCopies(chef, { atheist: 1 }, 8)).toBe(8);
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
});
