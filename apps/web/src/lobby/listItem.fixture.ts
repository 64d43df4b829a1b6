import type { SessionListItem } from '@belfry/protocol';

/** A lobby list item for tests: three seats (one empty), a Storyteller, online and offline users. */
export const listItem = (overrides: Partial<SessionListItem> = {}): SessionListItem => ({
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
    { id: 'abe', username: 'Abe', isOnline: true },
  ],
  fabled: [],
  roles: [],
  tags: { difficulty: 0, cameras: 0, travellers: 0, grimoire: 0, locked: false, streaming: false },
  isRunning: true,
  phase: 2,
  boostDuration: 0,
  ...overrides,
});
