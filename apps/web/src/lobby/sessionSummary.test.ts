import type { SessionListItem } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import { phaseLabel, summarizeSession } from './sessionSummary';

describe('phaseLabel (spec 1 §4 Phases)', () => {
  it('names the phase', () => {
    expect(phaseLabel(false, 3)).toEqual({ key: 'phase.waiting', count: 0 });
    expect(phaseLabel(true, 0)).toEqual({ key: 'phase.start', count: 0 });
    expect(phaseLabel(true, 1)).toEqual({ key: 'phase.night', count: 1 });
    expect(phaseLabel(true, 2)).toEqual({ key: 'phase.day', count: 1 });
    expect(phaseLabel(true, 5)).toEqual({ key: 'phase.night', count: 3 });
  });
});

describe('summarizeSession', () => {
  it('counts seated players, seats and online spectators and names the Storyteller', () => {
    const item: SessionListItem = {
      name: 'friday',
      isPublic: true,
      language: 'en',
      edition: { id: 'tb', name: 'Trouble Brewing', author: '', isOfficial: true },
      storytellers: [{ id: 'st' }],
      players: [
        { id: 'ann', isDead: false, isVoteless: false },
        { id: '', isDead: false, isVoteless: false },
        { id: 'bob', isDead: true, isVoteless: false },
      ],
      usersAll: [
        { id: 'st', username: 'Sage', isOnline: true },
        { id: 'ann', username: 'Ann', isOnline: true },
        { id: 'bob', username: 'Bob', isOnline: false },
        { id: 'cid', username: 'Cid', isOnline: true },
        { id: 'dee', username: 'Dee', isOnline: false },
      ],
      fabled: [],
      roles: [],
      tags: { difficulty: 0, cameras: 0, travellers: 0, grimoire: 0, locked: false, streaming: false },
      isRunning: true,
      phase: 2,
      boostDuration: 0,
    };
    expect(summarizeSession(item)).toEqual({
      code: 'friday',
      name: 'friday',
      language: 'en',
      storyteller: 'Sage',
      seated: 2,
      seats: 3,
      spectators: 1,
      phase: { key: 'phase.day', count: 1 },
    });
  });
});
