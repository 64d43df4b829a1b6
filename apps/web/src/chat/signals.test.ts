import { SIGNAL_LOG_OTHERS, SIGNAL_LOG_STORYTELLER, type Role } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { availableCards, minionLimit, signalLog, signalProblem, signalWarnings, toggleChoice } from './signals';
import { tableView } from '../session/testView';

const role = (id: string, team: Role['team'] = 'townsfolk'): Role => ({ id, name: id, team, ability: '' }) as Role;

describe('signal cards (spec 2 §3, spec 3 §5)', () => {
  it('offers neutral only to the General and directions only to the Shugenja', () => {
    const v = tableView(7, 'st');
    expect(availableCards(v, 'p1')).not.toContain('neutral');
    expect(availableCards(v, 'p1')).not.toContain('clockwise');
    v.seats[0]!.role = role('general');
    v.seats[1]!.role = role('shugenja');
    expect(availableCards(v, 'p1')).toContain('neutral');
    expect(availableCards(v, 'p2')).toEqual(expect.arrayContaining(['clockwise', 'anticlockwise']));
    expect(availableCards(v, 'p2')).toHaveLength(27);
  });

  it('limits minions to the minion count for the player count (10 players: 2, 13: 3)', () => {
    expect(minionLimit(tableView(7, 'st'))).toBe(1);
    expect(minionLimit(tableView(10, 'st'))).toBe(2);
    expect(minionLimit(tableView(13, 'st'))).toBe(3);
    expect(toggleChoice(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(toggleChoice(['a', 'b'], 'a', 2)).toEqual(['b']);
  });

  it('wants exactly 3 bluffs and a non-empty message', () => {
    const v = tableView(7, 'st');
    expect(signalProblem(v, ['p1'], [])).toBe('empty');
    expect(signalProblem(v, ['p1'], [{ id: 'bluffs', data: ['a', 'b'] }])).toBe('bluffs');
    expect(signalProblem(v, ['p1'], [{ id: 'bluffs', data: ['a', 'b', 'c'] }])).toBeNull();
    expect(signalProblem(v, ['p1'], [{ id: 'yes' }])).toBeNull();
  });

  it('lets players signal only at night', () => {
    const v = tableView(7, 'p1');
    expect(signalProblem(v, ['st'], [{ id: 'yes' }])).not.toBeNull();
    v.game.isNight = true;
    expect(signalProblem(v, ['st'], [{ id: 'yes' }])).toBeNull();
  });

  it('warns of a Vortox, a drunk or poisoned target and a dead target', () => {
    const v = tableView(7, 'st');
    expect(signalWarnings(v, 'p1')).toEqual([]);
    v.seats[3]!.role = role('vortox', 'demon');
    v.seats[0]!.reminders = [{ role: 'poisoner', name: 'Poisoned', isFlipped: false }];
    v.seats[0]!.isDead = true;
    expect(signalWarnings(v, 'p1')).toEqual(['warning_vortox', 'warning_droison', 'warning_dead']);
    expect(signalWarnings(v, 'p2')).toEqual(['warning_vortox']);
  });

  it('keeps the last 10 signals for the Storyteller and 3 for others', () => {
    for (const [viewer, limit] of [
      ['st', SIGNAL_LOG_STORYTELLER],
      ['p1', SIGNAL_LOG_OTHERS],
    ] as const) {
      const v = tableView(7, viewer);
      for (let i = 0; i < 12; i++)
        v.chat.signals.push({ id: `s${i}`, from: 'st', to: ['p1'], message: [{ id: 'yes' }], time: i, seenBy: [] });
      expect(signalLog(v)).toHaveLength(limit);
      expect(signalLog(v)[0]!.id).toBe('s11');
    }
    expect(SIGNAL_LOG_STORYTELLER).toBe(10);
    expect(SIGNAL_LOG_OTHERS).toBe(3);
  });
});
