import type { GameState } from './types';

/** Spec 1 §3/§4: phase 0 is the start; odd phases are nights, even ones days. */
export const isNightPhase = (phase: number): boolean => phase % 2 === 1;
/** Night number: phase / 2 rounded up. */
export const nightNumber = (phase: number): number => Math.ceil(phase / 2);
/** Day number: phase / 2 rounded down. */
export const dayNumber = (phase: number): number => Math.floor(phase / 2);

export type PhaseLabel = { kind: 'start' } | { kind: 'end' } | { kind: 'night' | 'day'; number: number; since: number };

/** "start" before any phase, "end" when not running or without history, else night N or day N since a time. */
export const phaseLabel = (game: GameState): PhaseLabel => {
  if (!game.isRunning || game.history.length === 0) return { kind: 'end' };
  if (game.phase === 0) return { kind: 'start' };
  const lastPhase = [...game.history].reverse().find((entry) => entry.type === 'phase');
  const since = lastPhase?.time ?? game.lastPhase;
  return isNightPhase(game.phase)
    ? { kind: 'night', number: nightNumber(game.phase), since }
    : { kind: 'day', number: dayNumber(game.phase), since };
};
