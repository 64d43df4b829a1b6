import { describe, expect, it } from 'vitest';
import { endTour, moveTour, parseDone, startTour, TOUR_STEPS, tourDue, useTour } from './tour';

describe('the tour of the table (spec 3 §3 tutorial)', () => {
  it('reads the finished kinds, ignoring anything else stored', () => {
    expect(parseDone('storyteller,player')).toEqual(['storyteller', 'player']);
    expect(parseDone('player,nonsense,')).toEqual(['player']);
    expect(parseDone(null)).toEqual([]);
  });

  it('starts by itself once per kind, never with the tutorial turned off', () => {
    expect(tourDue('player', [], false)).toBe(true);
    expect(tourDue('player', ['storyteller'], false)).toBe(true);
    expect(tourDue('player', ['player'], false)).toBe(false);
    expect(tourDue('storyteller', [], true)).toBe(false);
  });

  it('walks its five steps forward and back; the last Next or a skip marks the kind done', () => {
    useTour.setState({ done: [], running: null });
    startTour('storyteller');
    moveTour(-1);
    expect(useTour.getState().running).toEqual({ kind: 'storyteller', at: 0 });
    for (let i = 1; i < TOUR_STEPS.length; i++) moveTour(1);
    expect(useTour.getState().running?.at).toBe(TOUR_STEPS.length - 1);
    moveTour(-1);
    expect(useTour.getState().running?.at).toBe(TOUR_STEPS.length - 2);
    moveTour(1);
    moveTour(1);
    expect(useTour.getState()).toEqual({ done: ['storyteller'], running: null });
    startTour('player');
    endTour();
    expect(useTour.getState()).toEqual({ done: ['storyteller', 'player'], running: null });
  });
});
