import type { Role, Seat } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { seatHasNightAction } from './nightAction';

const wraith: Role = {
  id: 'wraith',
  name: 'Wraith',
  team: 'minion',
  special: [{ type: 'player', name: 'open-eyes', time: 'night' }],
};
const seat = (extra: Partial<Seat> = {}): Pick<Seat, 'role' | 'isDead' | 'reminders'> => ({
  role: wraith,
  isDead: false,
  reminders: [],
  ...extra,
});

describe('night action (spec 1 §6)', () => {
  it('is for a living player whose role opens their eyes, at night', () => {
    expect(seatHasNightAction(seat(), true)).toBe(true);
    expect(seatHasNightAction(seat(), false)).toBe(false);
    expect(seatHasNightAction(seat({ role: { id: 'chef', name: 'Chef', team: 'townsfolk' } }), true)).toBe(false);
  });

  it('ends with death unless the player has the Has Ability reminder', () => {
    expect(seatHasNightAction(seat({ isDead: true }), true)).toBe(false);
    const reminder = { role: 'vigormortis', name: 'Has Ability', isFlipped: false };
    expect(seatHasNightAction(seat({ isDead: true, reminders: [reminder] }), true)).toBe(true);
  });
});
