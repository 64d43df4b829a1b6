import { create } from 'zustand';

/**
 * Spec 3 §3 tutorial (Settings → game: isTutorialDisabled): a short tour of the table, shown once per
 * browser for each kind of viewer the first time they reach a table, until turned off in Settings.
 * Help in the App tab starts it again.
 */
export type TourKind = 'storyteller' | 'player';

/**
 * The steps in order, the same for both kinds (their texts differ: `tour.{kind}.{step}_title` and
 * `tour.{kind}.{step}`), each with the part of the screen it points at, if any.
 */
export const TOUR_STEPS: readonly { step: string; target: string | null }[] = [
  { step: 'welcome', target: null },
  { step: 'seats', target: '[data-testid="seat-circle"]' },
  { step: 'menu', target: '[data-testid="open-menu"]' },
  { step: 'vote', target: '[data-testid="seat-circle"]' },
  { step: 'talk', target: '[data-testid="chat-toggle"]' },
];

export const TOUR_STORAGE_KEY = 'belfry.tour.done';

/** The kinds whose tour this browser has finished or skipped, from the stored value (unknown parts ignored). */
export const parseDone = (raw: string | null): TourKind[] =>
  (raw ?? '').split(',').filter((kind): kind is TourKind => kind === 'storyteller' || kind === 'player');

const readDone = (): TourKind[] => {
  try {
    return parseDone(localStorage.getItem(TOUR_STORAGE_KEY));
  } catch {
    return [];
  }
};

const writeDone = (done: TourKind[]) => {
  try {
    localStorage.setItem(TOUR_STORAGE_KEY, [...new Set(done)].join(','));
  } catch {
    // Private browsing without storage: the tour shows again next time, nothing breaks.
  }
};

interface TourState {
  done: TourKind[];
  /** The tour shown now (from Help, even when finished before), and its step. */
  running: { kind: TourKind; at: number } | null;
}

export const useTour = create<TourState>(() => ({ done: readDone(), running: null }));

/** Whether the tour starts by itself for this viewer now. */
export const tourDue = (kind: TourKind, done: readonly TourKind[], disabled: boolean): boolean =>
  !disabled && !done.includes(kind);

export const startTour = (kind: TourKind): void => useTour.setState({ running: { kind, at: 0 } });

export const moveTour = (by: 1 | -1): void =>
  useTour.setState((state) => {
    if (!state.running) return state;
    const at = state.running.at + by;
    if (at < 0) return state;
    if (at >= TOUR_STEPS.length) return finish(state);
    return { running: { ...state.running, at } };
  });

const finish = (state: TourState): TourState => {
  if (!state.running) return state;
  const done = [...state.done, state.running.kind];
  writeDone(done);
  return { done, running: null };
};

/** Skip or the last Next: this kind's tour does not start by itself again. */
export const endTour = (): void => useTour.setState(finish);
