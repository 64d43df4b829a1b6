import { describe, expect, it } from 'vitest';
import { listItem } from './listItem.fixture';
import { phaseLabel } from '../i18n/phaseLabel';
import { peopleOf, spectatorsOf, summarizeSession } from './sessionSummary';

describe('phaseLabel (spec 1 §4 Phases: odd = night ⌈phase/2⌉, even = day ⌊phase/2⌋)', () => {
  it('names the phase', () => {
    expect(phaseLabel(false, 3)).toEqual({ key: 'phase.waiting', count: 0 });
    expect(phaseLabel(true, 0)).toEqual({ key: 'phase.start', count: 0 });
    expect(phaseLabel(true, 1)).toEqual({ key: 'phase.night', count: 1 });
    expect(phaseLabel(true, 2)).toEqual({ key: 'phase.day', count: 1 });
    expect(phaseLabel(true, 3)).toEqual({ key: 'phase.night', count: 2 });
    expect(phaseLabel(true, 5)).toEqual({ key: 'phase.night', count: 3 });
    expect(phaseLabel(true, 6)).toEqual({ key: 'phase.day', count: 3 });
  });
});

describe('summarizeSession', () => {
  it('counts seated players, seats and online spectators and names the Storyteller and script', () => {
    expect(summarizeSession(listItem())).toEqual({
      code: 'friday',
      name: 'friday',
      isPublic: true,
      language: 'en',
      script: 'Trouble Brewing',
      storyteller: 'Sage',
      seated: 2,
      seats: 3,
      spectators: 2,
      phase: { key: 'phase.day', count: 1 },
      phaseOrder: 3,
    });
  });

  it('spectators are online users who are neither seated nor Storytellers', () => {
    expect(spectatorsOf(listItem()).map((u) => u.id)).toEqual(['cid', 'abe']);
    const noStoryteller = listItem({ storytellers: [] });
    expect(spectatorsOf(noStoryteller).map((u) => u.id)).toEqual(['st', 'cid', 'abe']);
    expect(summarizeSession(noStoryteller).storyteller).toBeNull();
  });

  it('lists players in seat order and spectators by name', () => {
    expect(peopleOf(listItem())).toEqual({ players: ['Ann', 'Bob'], spectators: ['Abe', 'Cid'] });
  });

  it('orders phases: not started, start, night 1, day 1, …', () => {
    const orders = [
      summarizeSession(listItem({ isRunning: false, phase: 4 })).phaseOrder,
      summarizeSession(listItem({ phase: 0 })).phaseOrder,
      summarizeSession(listItem({ phase: 1 })).phaseOrder,
      summarizeSession(listItem({ phase: 2 })).phaseOrder,
    ];
    expect(orders).toEqual([0, 1, 2, 3]);
  });
});
