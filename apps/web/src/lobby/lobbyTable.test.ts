import { describe, expect, it } from 'vitest';
import { SESSION_FULL_ONLINE } from '@belfry/engine';
import { joinBlock, LOBBY_PAGE_SIZE, lobbyStats, nextSort, pageOf, sortSessions, visibleSessions } from './lobbyTable';
import { summarizeSession } from './sessionSummary';
import { listItem } from './listItem.fixture';

const rows = [
  summarizeSession(listItem({ name: 'beta', language: 'de', phase: 3 })),
  summarizeSession(listItem({ name: 'Alpha', language: 'fr', isRunning: false, storytellers: [] })),
  summarizeSession(listItem({ name: 'gamma10', language: 'en', phase: 1, players: [] })),
  summarizeSession(listItem({ name: 'gamma9', language: 'en', phase: 1, players: [] })),
];
const names = (list: { name: string }[]) => list.map((r) => r.name);

describe('sortSessions', () => {
  it('sorts by name case-insensitively with numbers in order, both ways', () => {
    expect(names(sortSessions(rows, { column: 'name', direction: 'asc' }))).toEqual([
      'Alpha',
      'beta',
      'gamma9',
      'gamma10',
    ]);
    expect(names(sortSessions(rows, { column: 'name', direction: 'desc' }))).toEqual([
      'gamma10',
      'gamma9',
      'beta',
      'Alpha',
    ]);
  });

  it('breaks ties by name and keeps the input untouched', () => {
    const copy = [...rows];
    expect(names(sortSessions(rows, { column: 'language', direction: 'asc' }))).toEqual([
      'beta',
      'gamma9',
      'gamma10',
      'Alpha',
    ]);
    expect(rows).toEqual(copy);
  });

  it('sorts by players seated, by phase, and keeps sessions without a Storyteller last', () => {
    expect(names(sortSessions(rows, { column: 'players', direction: 'desc' })).slice(0, 2)).toEqual(['Alpha', 'beta']);
    expect(names(sortSessions(rows, { column: 'phase', direction: 'asc' }))).toEqual([
      'Alpha',
      'gamma9',
      'gamma10',
      'beta',
    ]);
    expect(names(sortSessions(rows, { column: 'storyteller', direction: 'desc' })).at(-1)).toBe('Alpha');
    expect(names(sortSessions(rows, { column: 'storyteller', direction: 'asc' })).at(-1)).toBe('Alpha');
  });

  it('a click on the same header flips the direction; another column starts ascending', () => {
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'desc' }, 'name')).toEqual({ column: 'name', direction: 'asc' });
    expect(nextSort({ column: 'name', direction: 'desc' }, 'phase')).toEqual({ column: 'phase', direction: 'asc' });
  });
});

describe('pageOf (spec 2 §9: 10 per page)', () => {
  const many = Array.from({ length: 23 }, (_, i) => i);
  it('cuts pages of 10', () => {
    expect(LOBBY_PAGE_SIZE).toBe(10);
    expect(pageOf(many, 0)).toEqual({ items: many.slice(0, 10), page: 0, pageCount: 3 });
    expect(pageOf(many, 2)).toEqual({ items: [20, 21, 22], page: 2, pageCount: 3 });
  });

  it('clamps the page into range; an empty list has one page', () => {
    expect(pageOf(many, 7).page).toBe(2);
    expect(pageOf(many, -1).page).toBe(0);
    expect(pageOf([], 3)).toEqual({ items: [], page: 0, pageCount: 1 });
    expect(pageOf(many.slice(0, 10), 1)).toEqual({ items: many.slice(0, 10), page: 0, pageCount: 1 });
  });
});

describe('lobbyStats and visibleSessions', () => {
  const items = [
    listItem({ name: 'open' }),
    listItem({
      name: 'secret',
      isPublic: false,
      usersAll: [
        { id: 'st', username: 'Sage', isOnline: true },
        { id: 'zed', username: 'Zed', isOnline: true },
        { id: 'yan', username: 'Yan', isOnline: false },
      ],
    }),
  ];

  it('counts public sessions only unless private ones are shown', () => {
    expect(visibleSessions(items, false).map((i) => i.name)).toEqual(['open']);
    expect(visibleSessions(items, true).map((i) => i.name)).toEqual(['open', 'secret']);
    expect(lobbyStats(items, false)).toEqual({ sessions: 1, online: 4 });
  });

  it('counts each online user once across sessions', () => {
    expect(lobbyStats(items, true)).toEqual({ sessions: 2, online: 5 });
    expect(lobbyStats([], true)).toEqual({ sessions: 0, online: 0 });
  });
});

describe('joinBlock (spec 2 §4 Joining: when a session is disabled for the user)', () => {
  const joiner = { id: 'me', subscribed: true, isModerator: false, flags: [] as string[] };
  const crowd = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ id: `u${i}`, username: `U${i}`, isOnline: true }));

  it('is full at 25 online, except for players, Storytellers and moderators', () => {
    expect(SESSION_FULL_ONLINE).toBe(25);
    expect(joinBlock(listItem({ usersAll: crowd(24) }), joiner)).toBeNull();
    expect(joinBlock(listItem({ usersAll: crowd(25) }), joiner)).toBe('session_full');
    expect(joinBlock(listItem({ usersAll: crowd(25) }), { ...joiner, isModerator: true })).toBeNull();
    expect(joinBlock(listItem({ usersAll: crowd(25) }), { ...joiner, id: 'ann' })).toBeNull();
    expect(joinBlock(listItem({ usersAll: crowd(25) }), { ...joiner, id: 'st' })).toBeNull();
  });

  it('needs a subscription when the session has no boost left', () => {
    const unsubscribed = { ...joiner, subscribed: false };
    expect(joinBlock(listItem({ boostDuration: 0 }), unsubscribed)).toBe('subscription_needed');
    expect(joinBlock(listItem({ boostDuration: 30 }), unsubscribed)).toBeNull();
    expect(joinBlock(listItem({ boostDuration: 0 }), joiner)).toBeNull();
    expect(joinBlock(listItem({ boostDuration: 0 }), { ...joiner, subscribed: null })).toBeNull();
  });

  it('keeps forced-private users out of public sessions only', () => {
    const forced = { ...joiner, flags: ['forced-private'] };
    expect(joinBlock(listItem({ boostDuration: 60 }), forced)).toBe('forced_private');
    expect(joinBlock(listItem({ isPublic: false, boostDuration: 60 }), forced)).toBeNull();
  });
});
