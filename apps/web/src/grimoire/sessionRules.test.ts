import { createSession, view as viewFor, type SessionState, type SessionUser } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import { canAddSeat, canBecomeStoryteller, canClaimSeat, canVacate, groupUsers, onlineCount } from './sessionRules';

const person = (id: string, isOnline = true): SessionUser => ({
  id,
  username: id.toUpperCase(),
  pronouns: '',
  level: 'none',
  flags: [],
  createdAt: 0,
  isOnline,
  grimoireAccess: 0,
  ping: null,
});

const table = (): SessionState => {
  const state = createSession({ sessionId: 'abc', owner: person('st'), seats: 4, now: 0 });
  state.users = {
    st: person('st'),
    ann: person('ann'),
    bob: person('bob'),
    cid: person('cid', false),
    dee: person('dee'),
  };
  state.seats[1]!.id = 'ann';
  state.seats[3]!.id = 'cid';
  return state;
};

describe('seat rules', () => {
  it('lets an unseated player claim an empty seat only', () => {
    const bob = viewFor(table(), 'bob');
    expect(canClaimSeat(bob, 0)).toBe(true);
    expect(canClaimSeat(bob, 1)).toBe(false);
    expect(canClaimSeat(bob, 9)).toBe(false);
    expect(canVacate(bob)).toBe(false);
  });

  it('a seated player may vacate but not claim a second seat', () => {
    const ann = viewFor(table(), 'ann');
    expect(canClaimSeat(ann, 0)).toBe(false);
    expect(canVacate(ann)).toBe(true);
  });

  it('the Storyteller adds seats (up to 20) but does not claim one', () => {
    const state = table();
    expect(canClaimSeat(viewFor(state, 'st'), 0)).toBe(false);
    expect(canAddSeat(viewFor(state, 'st'))).toBe(true);
    expect(canAddSeat(viewFor(state, 'bob'))).toBe(false);
    state.seats = Array.from({ length: 20 }, () => ({ ...state.seats[0]! }));
    expect(canAddSeat(viewFor(state, 'st'))).toBe(false);
  });

  it('nobody claims during a nomination', () => {
    const state = table();
    state.vote.nomination = [1, 3];
    expect(canClaimSeat(viewFor(state, 'bob'), 0)).toBe(false);
  });

  it('becoming Storyteller needs no Storyteller and no seat', () => {
    const state = table();
    expect(canBecomeStoryteller(viewFor(state, 'bob'))).toBe(false);
    state.storytellers = [];
    expect(canBecomeStoryteller(viewFor(state, 'bob'))).toBe(true);
    expect(canBecomeStoryteller(viewFor(state, 'ann'))).toBe(false);
  });
});

describe('groupUsers (spec 2 §2 Users list)', () => {
  it('groups by storyteller, seat order and name, hiding offline spectators', () => {
    const state = table();
    state.users.eve = person('eve', false);
    const groups = groupUsers(viewFor(state, 'bob'));
    expect(groups.storytellers.map((s) => s.id)).toEqual(['st']);
    expect(groups.players.map((p) => [p.index, p.id])).toEqual([
      [1, 'ann'],
      [3, 'cid'],
    ]);
    expect(groups.spectators.map((u) => u.id)).toEqual(['bob', 'dee']);
    expect(onlineCount(viewFor(state, 'bob'))).toBe(4);
  });
});
