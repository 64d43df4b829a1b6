import {
  apply,
  createSession,
  type Actor,
  type Intent,
  type Role,
  type SessionState,
  type SessionUser,
  view as viewFor,
} from '@belfry/engine';
import { describe, expect, it } from 'vitest';
import {
  clampSpeed,
  nominateControl,
  ownVote,
  parseHighscore,
  seesVoteHistory,
  storytellerControls,
  visibleCount,
  voteTarget,
  type StorytellerControls,
} from './voteRules';

const T0 = 1_700_000_000_000;
const ST: Actor = { userId: 'st', level: 'patreon-townsfolk' };
const P = (i: number): Actor => ({ userId: `p${i}`, level: 'none' });

const person = (id: string): SessionUser => ({
  id,
  username: id.toUpperCase(),
  pronouns: '',
  level: 'none',
  flags: [],
  createdAt: 0,
  isOnline: true,
  grimoireAccess: 0,
});

const role = (id: string, team: Role['team'], special?: Role['special']): Role => ({ id, name: id, team, special });

/** Five seated players p0…p4 by day, the Storyteller st. */
const five = (): SessionState => {
  const state = createSession({ sessionId: 'abc', owner: person('st'), seats: 5, now: T0 });
  state.users.st = { ...person('st') };
  state.seats.forEach((seat, i) => {
    seat.id = `p${i}`;
    state.users[`p${i}`] = person(`p${i}`);
  });
  return state;
};

const ok = (state: SessionState, intent: Intent, actor: Actor = ST, now = T0): SessionState => {
  const result = apply(state, intent, actor, now);
  if (!result.ok) throw new Error(`refused: ${result.error.code} ${result.error.message}`);
  return result.state;
};

const accepted = (state: SessionState, intent: Intent, now: number, actor: Actor = ST): boolean =>
  apply(state, intent, actor, now).ok;

const nominated = (state = five()) => ok(state, { type: 'nomination', nominator: 0, nominee: 2 });

/** Each offered Storyteller control against what the engine accepts in the same state. */
const checkAgainstEngine = (state: SessionState, now: number) => {
  const controls = storytellerControls(viewFor(state, 'st'), now);
  const pairs: [keyof StorytellerControls, Intent][] = [
    ['countdown', { type: 'voteControl', action: 'countdown' }],
    ['start', { type: 'voteControl', action: 'start' }],
    ['pause', { type: 'voteControl', action: 'pause' }],
    ['resume', { type: 'voteControl', action: 'resume' }],
    ['close', { type: 'voteControl', action: 'close' }],
    ['finish', { type: 'voteControl', action: 'finish' }],
    ['mark', { type: 'marked', value: true }],
    ['type', { type: 'nominationType' }],
    ['speed', { type: 'voteSpeed', speed: 1500 }],
    ['highscore', { type: 'voteHighscore', value: '4' }],
  ];
  for (const [name, intent] of pairs) {
    const control = controls[name] as { enabled: boolean };
    expect({ name, enabled: control.enabled }).toEqual({ name, enabled: accepted(state, intent, now) });
  }
  if (controls.secretVisible) {
    const intent: Intent = { type: 'voteIsHidden', value: !state.vote.isHidden };
    expect({ name: 'secret', enabled: controls.secret.enabled }).toEqual({
      name: 'secret',
      enabled: accepted(state, intent, now),
    });
  }
};

describe('storytellerControls mirror the engine', () => {
  it('with a fresh nomination (idle)', () => checkAgainstEngine(nominated(), T0));

  it('during the countdown (3, 2, 1, go: nothing but reset, close, finish and the highscore)', () => {
    const state = ok(nominated(), { type: 'voteControl', action: 'countdown' });
    checkAgainstEngine(state, T0 + 2000);
    const controls = storytellerControls(viewFor(state, 'st'), T0 + 2000);
    expect(controls.pause.reason).toBe('vote.reason.not_counting');
    expect(controls.countdown.reason).toBe('vote.reason.running');
    expect(controls.reset.enabled).toBe(true);
  });

  it('while counting (4 s countdown, then one seat per 1000 ms) and while paused', () => {
    const counting = ok(nominated(), { type: 'voteControl', action: 'countdown' });
    checkAgainstEngine(counting, T0 + 5500);
    const paused = ok(counting, { type: 'voteControl', action: 'pause' }, ST, T0 + 5500);
    checkAgainstEngine(paused, T0 + 8000);
    expect(storytellerControls(viewFor(paused, 'st'), T0 + 8000).paused).toBe(true);
  });

  it('after every seat is counted (lock N + 1)', () => {
    let state = ok(nominated(), { type: 'voteControl', action: 'start' });
    // start: locking begins after 1 s; 5 seats × 1000 ms later every seat is locked, and the count
    // waits out the grace for late changes from the last seat (the server's timed step).
    state = ok(state, { type: 'voteComplete' }, { userId: '', level: 'none', isSystem: true }, T0 + 10_000);
    expect(state.vote.locked).toBe(6);
    checkAgainstEngine(state, T0 + 10_000);
    expect(storytellerControls(viewFor(state, 'st'), T0 + 10_000).type.reason).toBe('vote.reason.counted');
  });

  it('in the zookeeper accusation (lock −3): advance first', () => {
    let state = ok(five(), { type: 'nominationType' }); // baker
    state = ok(state, { type: 'nominationType' }); // zookeeper
    state = nominated(state);
    expect(state.vote.locked).toBe(-3);
    checkAgainstEngine(state, T0);
    const controls = storytellerControls(viewFor(state, 'st'), T0);
    expect(controls.countdown.reason).toBe('vote.reason.zookeeper_first');
    expect(controls.advance?.next).toBe('defence');
    state = ok(state, { type: 'voteControl', action: 'advance' });
    expect(storytellerControls(viewFor(state, 'st'), T0).advance?.next).toBe('vote');
  });

  it('with a secret vote (a role with a hidden vote in play): no mark', () => {
    let state = five();
    state.seats[4]!.role = role('organgrinder', 'minion', [{ type: 'vote', name: 'hidden' }]);
    state = ok(nominated(state), { type: 'voteIsHidden', value: true });
    checkAgainstEngine(state, T0);
    const controls = storytellerControls(viewFor(state, 'st'), T0);
    expect(controls.secretVisible).toBe(true);
    expect(controls.mark.reason).toBe('vote.reason.hidden');
  });

  it('hides the secret-vote toggle without such a role', () => {
    expect(storytellerControls(viewFor(nominated(), 'st'), T0).secretVisible).toBe(false);
  });

  it('refuses the mark for a traveller nominee (an exile)', () => {
    const state = five();
    state.seats[2]!.role = role('beggar', 'traveller');
    const controls = storytellerControls(viewFor(nominated(state), 'st'), T0);
    expect(controls.mark.reason).toBe('vote.reason.traveller');
    checkAgainstEngine(nominated(state), T0);
  });
});

describe('nominateControl (spec 1 §4: by day, not during a vote, not while revealing)', () => {
  it('allows the Storyteller by day', () => {
    expect(nominateControl(viewFor(five(), 'st'))).toEqual({ enabled: true, reason: null });
  });

  it('refuses at night, during a vote and for players', () => {
    const night = five();
    night.game.isNight = true;
    expect(nominateControl(viewFor(night, 'st')).reason).toBe('vote.reason.night');
    const running = ok(nominated(), { type: 'voteControl', action: 'start' });
    expect(nominateControl(viewFor(running, 'st')).reason).toBe('vote.reason.running');
    expect(accepted(running, { type: 'nomination', nominator: 1, nominee: 3 }, T0)).toBe(false);
    expect(nominateControl(viewFor(five(), 'p1')).reason).toBe('vote.reason.storyteller');
  });
});

describe('ownVote', () => {
  it('is open until the hand passes the seat (countdown 4 s; seat 3 is position 0 after nominee 2)', () => {
    const state = ok(nominated(), { type: 'voteControl', action: 'countdown' });
    const open = ownVote(viewFor(state, 'p3'), T0 + 4999)!;
    expect(open).toMatchObject({ seat: 3, value: 0, maxHands: 1, hasVote: true, locked: false });
    expect(ownVote(viewFor(state, 'p3'), T0 + 5000)!.control.reason).toBe('vote.reason.passed');
    // The nominee (position 4) is last: locked at 4000 + 5 × 1000.
    expect(ownVote(viewFor(state, 'p2'), T0 + 8999)!.locked).toBe(false);
    expect(ownVote(viewFor(state, 'p2'), T0 + 9000)!.locked).toBe(true);
    // The engine agrees at the same moments.
    expect(accepted(state, { type: 'vote', index: 3, value: 1, at: T0 + 4999 }, T0 + 4999, P(3))).toBe(true);
    expect(accepted(state, { type: 'vote', index: 3, value: 1, at: T0 + 5001 }, T0 + 5001, P(3))).toBe(false);
  });

  it('gives a dead Banshee two hands', () => {
    const state = five();
    state.seats[1]!.role = role('banshee', 'townsfolk');
    state.seats[1]!.isDead = true;
    expect(ownVote(viewFor(nominated(state), 'p1'), T0)!.maxHands).toBe(2);
  });

  it('says when a dead player has no vote token left', () => {
    const state = five();
    state.seats[1]!.isDead = true;
    state.seats[1]!.isVoteless = true;
    expect(ownVote(viewFor(nominated(state), 'p1'), T0)!.hasVote).toBe(false);
  });

  it('is null for spectators, the Storyteller and without a nomination', () => {
    expect(ownVote(viewFor(nominated(), 'st'), T0)).toBeNull();
    expect(ownVote(viewFor(five(), 'p1'), T0)).toBeNull();
  });
});

describe('visibleCount', () => {
  it('counts hands times multipliers', () => {
    let state = nominated();
    state = ok(state, { type: 'vote', index: 1, value: 1, at: T0 }, P(1));
    state = ok(state, { type: 'vote', index: 3, value: 1, at: T0 }, P(3));
    expect(visibleCount(viewFor(state, 'p0'))).toBe(2);
    expect(visibleCount(viewFor(state, 'p3'), { seat: 3, value: 0 })).toBe(1);
  });

  it("is '?' for users without grimoire access while the votes are secret", () => {
    let state = five();
    state.seats[4]!.role = role('organgrinder', 'minion', [{ type: 'vote', name: 'hidden' }]);
    state = ok(nominated(state), { type: 'voteIsHidden', value: true });
    state = ok(state, { type: 'vote', index: 1, value: 1, at: T0 }, P(1));
    expect(visibleCount(viewFor(state, 'p0'))).toBe('?');
    expect(visibleCount(viewFor(state, 'st'))).toBe(1);
  });
});

describe('voteTarget', () => {
  it('needs half the living rounded up (5 alive: 3; 4 alive: 2)', () => {
    expect(voteTarget(viewFor(nominated(), 'p0'))).toMatchObject({ majority: 3, kind: 'majority', toMark: 3 });
    const state = five();
    state.seats[0]!.isDead = true;
    expect(voteTarget(viewFor(nominated(state), 'p0'))!.majority).toBe(2);
  });

  it('needs half of all players for a traveller nominee (exile)', () => {
    const state = five();
    state.seats[0]!.isDead = true;
    state.seats[1]!.isDead = true;
    state.seats[2]!.role = role('beggar', 'traveller');
    expect(voteTarget(viewFor(nominated(state), 'p0'))).toMatchObject({ majority: 3, isExile: true });
  });

  it('shows the highscore once it reached the majority: one more marks', () => {
    const state = ok(nominated(), { type: 'voteHighscore', value: 4 });
    expect(voteTarget(viewFor(state, 'p0'))).toMatchObject({ kind: 'highscore', highscore: 4, toMark: 5 });
  });
});

describe('inputs', () => {
  it('keeps the speed slider on 500 … 4000 in steps of 100', () => {
    expect(clampSpeed(420)).toBe(500);
    expect(clampSpeed(1234)).toBe(1200);
    expect(clampSpeed(9000)).toBe(4000);
  });

  it('stores the highscore as an absolute number, non-numeric as 0 (spec 1 §5)', () => {
    expect(parseHighscore('5')).toBe(5);
    expect(parseHighscore('-3')).toBe(3);
    expect(parseHighscore('2,5')).toBe(2.5);
    expect(parseHighscore('many')).toBe(0);
    expect(parseHighscore('')).toBe(0);
  });
});

describe('seesVoteHistory (spec 1 §6)', () => {
  it('is for the Storyteller and spectators with grimoire access, not for players', () => {
    const state = five();
    state.users.spy = { ...person('spy'), grimoireAccess: 3 };
    expect(seesVoteHistory(viewFor(state, 'st'))).toBe(true);
    expect(seesVoteHistory(viewFor(state, 'spy'))).toBe(true);
    expect(seesVoteHistory(viewFor(state, 'p1'))).toBe(false);
  });
});
