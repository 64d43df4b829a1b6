import { createSession, view, type SessionState, type SessionUser } from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import {
  allStorytellersOffline,
  canAddSeat,
  canBecomeStoryteller,
  canClaimSeat,
  canKick,
  canManageStorytellers,
  canRequestStoryteller,
  canVacate,
  grimoireActions,
  groupUsers,
  hasPendingStorytellerRequest,
  onlineCount,
  ownGrimoireRequest,
  pendingGrimoireRequests,
} from './sessionRules';

/** These tests change a state in place between views; the engine's views expect states that never change. */
const viewFor = (state: SessionState, id: string) => view(structuredClone(state), id);

const person = (id: string, isOnline = true): SessionUser => ({
  id,
  username: id.toUpperCase(),
  pronouns: '',
  level: 'none',
  flags: [],
  createdAt: 0,
  isOnline,
  grimoireAccess: 0,
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

  it("an empty seat whose character belongs to another player is the Storyteller's to fill (issue 14)", () => {
    const state = table();
    state.seats[0] = { ...state.seats[0]!, role: { id: 'imp', name: 'Imp', team: 'demon' }, holder: 'dee' };
    state.seats[2] = { ...state.seats[2]!, role: { id: 'chef', name: 'Chef', team: 'townsfolk' }, holder: '' };
    expect(canClaimSeat(viewFor(state, 'bob'), 0)).toBe(false);
    expect(canClaimSeat(viewFor(state, 'bob'), 2)).toBe(false);
    expect(canClaimSeat(viewFor(state, 'dee'), 0)).toBe(true);
    expect(canClaimSeat(viewFor(state, 'dee'), 2)).toBe(false);
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

describe('groupUsers hides offline Storytellers too', () => {
  it('keeps seated offline players, drops an offline Storyteller', () => {
    const state = table();
    state.users.st!.isOnline = false;
    const groups = groupUsers(viewFor(state, 'bob'));
    expect(groups.storytellers).toEqual([]);
    expect(groups.players.map((p) => p.id)).toEqual(['ann', 'cid']);
  });
});

describe('grimoire access (spec 2 §4: 0 none, 1 requested, 2 denied, 3 granted)', () => {
  it('counts pending requests of online spectators (state 1) for the blinking count', () => {
    const state = table();
    state.users.bob!.grimoireAccess = 1;
    state.users.dee!.grimoireAccess = 3;
    state.users.ann!.grimoireAccess = 1; // seated: not a spectator any more
    state.users.eve = { ...person('eve', false), grimoireAccess: 1 };
    expect(pendingGrimoireRequests(viewFor(state, 'st')).map((u) => u.id)).toEqual(['bob']);
  });

  it('offers the Storyteller grant/deny only for spectators whose state is at least 1', () => {
    const state = table();
    const of = (id: string, access: 0 | 1 | 2 | 3) => {
      state.users[id]!.grimoireAccess = access;
      return grimoireActions(viewFor(state, 'st'), state.users[id]!);
    };
    expect(of('bob', 0)).toEqual([]);
    expect(of('bob', 1)).toEqual(['grant', 'deny']);
    expect(of('bob', 2)).toEqual(['grant']);
    expect(of('bob', 3)).toEqual(['deny']);
    expect(of('ann', 1)).toEqual([]);
    state.users.bob!.grimoireAccess = 1;
    expect(grimoireActions(viewFor(state, 'dee'), state.users.bob!)).toEqual([]);
  });

  it('offers a spectator to request, cancel, or shows it is granted; not in a public game with grimoire tag 2', () => {
    const state = table();
    expect(ownGrimoireRequest(viewFor(state, 'bob'))).toEqual({ kind: 'request' });
    expect(ownGrimoireRequest(viewFor(state, 'ann'))).toEqual({ kind: 'none' });
    expect(ownGrimoireRequest(viewFor(state, 'st'))).toEqual({ kind: 'none' });
    state.users.bob!.grimoireAccess = 1;
    expect(ownGrimoireRequest(viewFor(state, 'bob'))).toEqual({ kind: 'cancel' });
    state.users.bob!.grimoireAccess = 3;
    expect(ownGrimoireRequest(viewFor(state, 'bob'))).toEqual({ kind: 'granted' });
    state.users.bob!.grimoireAccess = 2;
    state.meta.isPublic = true;
    state.meta.tags.grimoire = 2;
    expect(ownGrimoireRequest(viewFor(state, 'bob'))).toEqual({ kind: 'closed' });
    state.meta.isPublic = false;
    expect(ownGrimoireRequest(viewFor(state, 'bob'))).toEqual({ kind: 'request' });
  });
});

describe('people management', () => {
  it('the Storyteller or a moderator kicks, never themselves', () => {
    const state = table();
    expect(canKick(viewFor(state, 'st'), 'bob')).toBe(true);
    expect(canKick(viewFor(state, 'st'), 'st')).toBe(false);
    expect(canKick(viewFor(state, 'ann'), 'bob')).toBe(false);
    state.users.dee!.level = 'special-moderator';
    expect(canKick(viewFor(state, 'dee'), 'bob')).toBe(true);
    expect(canManageStorytellers(viewFor(state, 'dee'))).toBe(true);
    expect(canManageStorytellers(viewFor(state, 'bob'))).toBe(false);
  });

  it('asking to co-storytell needs a Storyteller to ask; a pending request shows', () => {
    const state = table();
    expect(canRequestStoryteller(viewFor(state, 'bob'))).toBe(true);
    expect(canRequestStoryteller(viewFor(state, 'st'))).toBe(false);
    state.storytellerRequests = ['bob'];
    expect(hasPendingStorytellerRequest(viewFor(state, 'bob'))).toBe(true);
    expect(hasPendingStorytellerRequest(viewFor(state, 'dee'))).toBe(false);
    state.storytellers = [];
    expect(canRequestStoryteller(viewFor(state, 'bob'))).toBe(false);
  });

  it('says when every Storyteller is offline', () => {
    const state = table();
    expect(allStorytellersOffline(viewFor(state, 'bob'))).toBe(false);
    state.users.st = { ...state.users.st!, isOnline: false };
    expect(allStorytellersOffline(viewFor(state, 'bob'))).toBe(true);
    state.storytellers = [];
    expect(allStorytellersOffline(viewFor(state, 'bob'))).toBe(false);
  });
});
