import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { createLocalGame, isLocalGame, LOCAL_GAME_ID, SEAT_NAME_MAX_CHARS } from './local';
import { code, ok, ST, T0, tableWith, user } from './testing';
import type { Actor, SessionState } from './types';
import { view } from './view';

const ME: Actor = { userId: 'me', level: 'none' };

const localTable = (seats: number): SessionState => {
  let s = createLocalGame(user('me'), T0);
  for (let i = 0; i < seats; i++) s = ok(apply(s, { type: 'updateSeats', op: 'add', count: i }, ME, T0));
  return s;
};

describe('a local game (spec 1 §1: played without a session; §6: the Storyteller is anyone there)', () => {
  it('the browser user is its Storyteller and present; no server session id can be its id', () => {
    const s = createLocalGame(user('me'), T0);
    expect(s.sessionId).toBe(LOCAL_GAME_ID);
    expect(isLocalGame(s)).toBe(true);
    expect(isLocalGame(tableWith(1))).toBe(false);
    expect(s.users.me!.isOnline).toBe(true);
    expect(view(s, 'me').viewer).toMatchObject({ role: 'storyteller', grimoireAccess: true });
  });

  it('the Storyteller renames a seat (trimmed, at most 50 characters; empty clears it)', () => {
    let s = localTable(3);
    s = ok(apply(s, { type: 'renameSeat', index: 1, name: '  Ann  ' }, ME, T0));
    expect(s.seats[1]!.name).toBe('Ann');
    expect(view(s, 'me').seats[1]!.name).toBe('Ann');
    expect(SEAT_NAME_MAX_CHARS).toBe(50);
    s = ok(apply(s, { type: 'renameSeat', index: 1, name: 'x'.repeat(50) }, ME, T0));
    expect(s.seats[1]!.name).toHaveLength(50);
    expect(code(apply(s, { type: 'renameSeat', index: 1, name: 'x'.repeat(51) }, ME, T0))).toBe('bad_request');
    s = ok(apply(s, { type: 'renameSeat', index: 1, name: '' }, ME, T0));
    expect(s.seats[1]!.name).toBe('');
    expect(code(apply(s, { type: 'renameSeat', index: 3, name: 'Bo' }, ME, T0))).toBe('no_such_seat');
    expect(code(apply(s, { type: 'renameSeat', index: 0, name: 'Bo' }, { userId: 'x', level: 'none' }, T0))).toBe(
      'forbidden',
    );
  });

  it('in a session a seat is never renamed, not even by its Storyteller (spec 1 §2: local game only)', () => {
    const s = tableWith(3);
    expect(code(apply(s, { type: 'renameSeat', index: 0, name: 'Ann' }, ST, T0))).toBe('forbidden');
  });

  it('at night the life toggle kills at once: only a live session waits for dawn with a mark (spec 1 §4)', () => {
    let s = localTable(2);
    s = ok(apply(s, { type: 'toggleNight' }, ME, T0));
    expect(s.game.isNight).toBe(true);
    s = ok(apply(s, { type: 'toggleLife', index: 0, townSquare: false }, ME, T0));
    expect(s.seats[0]).toMatchObject({ isDead: true, isMarkedForDeath: false });

    let live = tableWith(2);
    live = ok(apply(live, { type: 'toggleNight' }, ST, T0));
    live = ok(apply(live, { type: 'toggleLife', index: 0, townSquare: false }, ST, T0));
    expect(live.seats[0]).toMatchObject({ isDead: false, isMarkedForDeath: true });
  });
});
