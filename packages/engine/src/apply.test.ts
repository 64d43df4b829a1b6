import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { MAX_PLAYERS } from './constants';
import type { Intent } from './intents';
import { ALICE, BOB, code, MOD, ok, ST, SYSTEM, T0, tableWith, user } from './testing';
import type { Actor, SessionState } from './types';

const run = (state: SessionState, actor: Actor, ...intents: Intent[]) =>
  intents.reduce((s, intent) => ok(apply(s, intent, actor, T0)), state);

describe('claimSeat (spec 1 §4, §5: claim only an empty seat when holding none; vacate only when seated)', () => {
  it('claims an empty seat and bumps the version', () => {
    const before = tableWith(5);
    const after = ok(apply(before, { type: 'claimSeat', index: 2 }, ALICE, T0));
    expect(after.seats[2]!.id).toBe('alice');
    expect(after.version).toBe(before.version + 1);
    expect(before.seats[2]!.id).toBe(''); // the input state is untouched
  });

  it('refuses a taken seat', () => {
    const s = run(tableWith(5), ALICE, { type: 'claimSeat', index: 0 });
    expect(code(apply(s, { type: 'claimSeat', index: 0 }, BOB, T0))).toBe('seat_taken');
  });

  it('refuses a second seat while holding one', () => {
    const s = run(tableWith(5), ALICE, { type: 'claimSeat', index: 0 });
    expect(code(apply(s, { type: 'claimSeat', index: 1 }, ALICE, T0))).toBe('already_seated');
  });

  it('a negative index vacates, and only when seated', () => {
    const s = run(tableWith(5), ALICE, { type: 'claimSeat', index: 3 });
    const vacated = ok(apply(s, { type: 'claimSeat', index: -1 }, ALICE, T0));
    expect(vacated.seats[3]!.id).toBe('');
    expect(code(apply(vacated, { type: 'claimSeat', index: -1 }, ALICE, T0))).toBe('not_seated');
  });

  it('refuses a seat that does not exist and a user outside the session', () => {
    expect(code(apply(tableWith(5), { type: 'claimSeat', index: 5 }, ALICE, T0))).toBe('no_such_seat');
    expect(code(apply(tableWith(5), { type: 'claimSeat', index: 0 }, { userId: 'eve', level: 'none' }, T0))).toBe(
      'forbidden',
    );
  });

  it('blocks seating changes while a nomination is active', () => {
    const s = tableWith(5);
    s.vote.nomination = [0, 1];
    expect(code(apply(s, { type: 'claimSeat', index: 2 }, ALICE, T0))).toBe('nomination_active');
  });

  it('a Storyteller does not take a seat', () => {
    expect(code(apply(tableWith(5), { type: 'claimSeat', index: 0 }, ST, T0))).toBe('forbidden');
  });
});

describe('updateSeats (gather players: at most 20, Storyteller only)', () => {
  it(`adds seats up to ${MAX_PLAYERS} and refuses the 21st`, () => {
    let s = tableWith(0);
    for (let i = 0; i < 20; i++) s = ok(apply(s, { type: 'updateSeats', op: 'add', count: i }, ST, T0));
    expect(s.seats).toHaveLength(20);
    expect(code(apply(s, { type: 'updateSeats', op: 'add', count: 20 }, ST, T0))).toBe('max_players');
  });

  it('only the Storyteller changes seats', () => {
    expect(code(apply(tableWith(3), { type: 'updateSeats', op: 'add', count: 3 }, ALICE, T0))).toBe('forbidden');
  });

  it('refuses a change made on a stale seat count', () => {
    expect(code(apply(tableWith(3), { type: 'updateSeats', op: 'add', count: 2 }, ST, T0))).toBe('stale');
  });

  it('moves and removes seats with their occupants', () => {
    let s = run(tableWith(4), ALICE, { type: 'claimSeat', index: 0 });
    s = ok(apply(s, { type: 'updateSeats', op: 'move', from: 0, to: 3, count: 4 }, ST, T0));
    expect(s.seats.map((x) => x.id)).toEqual(['', '', '', 'alice']);
    s = ok(apply(s, { type: 'updateSeats', op: 'remove', index: 3, count: 4 }, ST, T0));
    expect(s.seats).toHaveLength(3);
    expect(s.seats.some((x) => x.id === 'alice')).toBe(false);
  });
});

describe('Storytellers (spec 2 §4 Co-storyteller)', () => {
  it('a user may add themselves only when no Storyteller exists', () => {
    const s = tableWith(3);
    expect(code(apply(s, { type: 'addStoryteller', id: 'alice' }, ALICE, T0))).toBe('forbidden');
    const none = ok(apply(s, { type: 'removeStoryteller', id: 'st' }, ST, T0));
    expect(none.storytellers).toHaveLength(0);
    const alice = ok(apply(none, { type: 'addStoryteller', id: 'alice' }, ALICE, T0));
    expect(alice.storytellers.map((x) => x.id)).toEqual(['alice']);
  });

  it('a moderator may add and remove Storytellers; becoming one vacates the seat', () => {
    let s = run(tableWith(3), BOB, { type: 'claimSeat', index: 1 });
    s = ok(apply(s, { type: 'addStoryteller', id: 'bob' }, MOD, T0));
    expect(s.seats[1]!.id).toBe('');
    s = ok(apply(s, { type: 'removeStoryteller', id: 'st' }, MOD, T0));
    expect(s.storytellers.map((x) => x.id)).toEqual(['bob']);
  });

  it('a player cannot remove the Storyteller', () => {
    expect(code(apply(tableWith(3), { type: 'removeStoryteller', id: 'st' }, ALICE, T0))).toBe('forbidden');
  });
});

describe('presence and ping', () => {
  it('only the server changes presence; a dropped player keeps the seat', () => {
    let s = run(tableWith(3), ALICE, { type: 'claimSeat', index: 0 });
    const intent: Intent = { type: 'presence', user: user('alice'), isOnline: false };
    expect(code(apply(s, intent, ALICE, T0))).toBe('forbidden');
    s = ok(apply(s, intent, SYSTEM, T0));
    expect(s.users.alice!.isOnline).toBe(false);
    expect(s.seats[0]!.id).toBe('alice');
  });
});

it('refuses an unknown intent without changing anything', () => {
  const s = tableWith(1);
  const r = apply(s, { type: 'nonsense' } as unknown as Intent, ST, T0);
  expect(code(r)).toBe('unknown_event');
});

describe('hasSubscription (spec 2 §1: a level that is set and not expired)', () => {
  it('needs a level and no lapse', async () => {
    const { hasSubscription } = await import('./permissions');
    expect(hasSubscription('none', null, T0)).toBe(false);
    expect(hasSubscription('free', null, T0)).toBe(false);
    expect(hasSubscription('patreon-townsfolk', null, T0)).toBe(true);
    expect(hasSubscription('patreon-townsfolk', T0 + 1, T0)).toBe(true);
    expect(hasSubscription('patreon-townsfolk', T0, T0)).toBe(false);
    expect(hasSubscription('special-tpi', null, T0)).toBe(true);
  });
});

it('a state stored by an older version gains the newer fields with their defaults', async () => {
  const { upgradeState } = await import('./session');
  const old = JSON.parse(JSON.stringify(tableWith(2))) as Record<string, unknown>;
  delete old.chat;
  delete old.script;
  delete old.pointing;
  (old.vote as Record<string, unknown>).pausedAt = undefined;
  const upgraded = upgradeState(old as unknown as SessionState);
  expect(upgraded.chat).toEqual({ messages: [], signals: [], channels: {}, whisperRequests: [], aloneSince: {} });
  expect(upgraded.script).toEqual([]);
  expect(upgraded.pointing).toBeNull();
  expect(upgraded.seats).toHaveLength(2);
});
