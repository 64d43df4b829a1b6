import type { GameState } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { phaseText } from './phaseText';

const game = (phase: number, extra: Partial<GameState> = {}): GameState => ({
  isRunning: true,
  phase,
  isNight: phase % 2 === 1,
  lastPhase: 500,
  history: [
    { id: 'a', type: 'start', data: {}, time: 100, isPrivate: false },
    ...(phase > 0 ? [{ id: 'b', type: 'phase' as const, data: { phase }, time: 900, isPrivate: false }] : []),
  ],
  ...extra,
});

describe('phase text (spec 1 §4 Phases)', () => {
  it('reads start at phase 0', () => {
    expect(phaseText(game(0))).toEqual({ key: 'phase.start', count: 0, since: null });
  });

  it('counts nights as phase / 2 rounded up and days as phase / 2 rounded down, with the start time', () => {
    expect(phaseText(game(1))).toEqual({ key: 'phase.night', count: 1, since: 900 });
    expect(phaseText(game(2))).toEqual({ key: 'phase.day', count: 1, since: 900 });
    expect(phaseText(game(5))).toEqual({ key: 'phase.night', count: 3, since: 900 });
  });

  it('tells a game not started from one that is over', () => {
    expect(phaseText(game(0, { isRunning: false, history: [] })).key).toBe('phase.waiting');
    const over = game(4, { isRunning: false });
    over.history.push({ id: 'c', type: 'end', data: { isEvilWin: true }, time: 1000, isPrivate: false });
    expect(phaseText(over).key).toBe('phase.over');
  });
});
