import { phaseLabel, type GameState } from '@belfry/engine';

/** An i18n key with its parameters, translated where it is shown. */
export interface PhaseText {
  key: 'phase.waiting' | 'phase.over' | 'phase.start' | 'phase.night' | 'phase.day';
  count: number;
  /** Server time the phase began (nights and days). */
  since: number | null;
}

/**
 * Spec 1 §4 Phases: start before the first night, night N (phase / 2 rounded up) or day N (phase /
 * 2 rounded down) with its start time; a game that is not running is either not started or over.
 */
export const phaseText = (game: GameState): PhaseText => {
  const label = phaseLabel(game);
  switch (label.kind) {
    case 'end':
      return {
        key: game.history.some((entry) => entry.type === 'end') ? 'phase.over' : 'phase.waiting',
        count: 0,
        since: null,
      };
    case 'start':
      return { key: 'phase.start', count: 0, since: null };
    default:
      return { key: label.kind === 'night' ? 'phase.night' : 'phase.day', count: label.number, since: label.since };
  }
};

/** The town-info table's phase cell (spec 1 §2: start, night N, day N). */
export const isGameStarted = (game: GameState): boolean => game.isRunning && game.history.length > 0;
