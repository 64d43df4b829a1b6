import type { Role, Seat } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { distributionCell, townCounts } from './townInfo';

const traveller: Role = { id: 'beggar', name: 'Beggar', team: 'traveller' };
const seat = (extra: Partial<Seat> = {}): Pick<Seat, 'role' | 'isDead'> => ({ role: null, isDead: false, ...extra });

describe('town info counts (spec 1 §2, §5)', () => {
  it('counts players, travellers and the living', () => {
    const seats = [seat(), seat({ isDead: true }), seat({ role: traveller }), seat(), seat(), seat(), seat()];
    expect(townCounts(seats)).toMatchObject({ players: 6, travellers: 1, alive: 6, total: 7 });
  });

  it('takes the distribution of the non-travellers: 7 are 5/0/1/1, 12 are 7/2/2/1', () => {
    expect(townCounts(Array.from({ length: 7 }, () => seat())).distribution).toEqual({
      townsfolk: 5,
      outsider: 0,
      minion: 1,
      demon: 1,
    });
    const twelve = [...Array.from({ length: 12 }, () => seat()), seat({ role: traveller })];
    expect(townCounts(twelve).distribution).toEqual({ townsfolk: 7, outsider: 2, minion: 2, demon: 1 });
  });

  it('caps the non-travellers at 15 and shows question marks under 5', () => {
    expect(townCounts(Array.from({ length: 18 }, () => seat())).distribution).toEqual({
      townsfolk: 9,
      outsider: 2,
      minion: 3,
      demon: 1,
    });
    const four = townCounts(Array.from({ length: 4 }, () => seat()));
    expect(four.distribution).toBeNull();
    expect(distributionCell(four.distribution, 'demon')).toBe('?');
  });
});
