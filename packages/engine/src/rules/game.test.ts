import { describe, expect, it } from 'vitest';
import { apply } from '../apply';
import {
  ATTENTION_GONG_HOOK_MS,
  DISTRIBUTE_ROLES_HOOK_MS,
  PHASE_UNDO_WINDOW_MS,
  POINTING_COUNTDOWN_MS,
  RECEIVE_ROLE_HOOK_MS,
  REVEAL_END_DELAY_MS,
  REVEAL_STEP_DEFAULT_MS,
  REVEAL_STEP_SLOW_MS,
  TIMER_HIDE_AFTER_MS,
} from '../constants';
import { HOOK_IN_PROGRESS } from '../errors';
import type { Intent } from '../intents';
import { dayNumber, isNightPhase, nightNumber, phaseLabel } from '../phase';
import { ALICE, BOB, code, ok, ST, SYSTEM, T0, tableWith } from '../testing';
import { nextTimedIntent } from '../timed';
import type { Actor, Role, SessionState } from '../types';
import { view } from '../view';
import { nextAlignment } from './players';
import { pointingRecipients } from './pointing';

const act = (s: SessionState, actor: Actor, intent: Intent, at = T0) => apply(s, intent, actor, at);
/** Runs every timed step due up to `until`, as the server's scheduler does. */
const runClock = (s: SessionState, until: number): SessionState => {
  for (let next = nextTimedIntent(s); next && next.at <= until; next = nextTimedIntent(s)) {
    s = ok(apply(s, next.intent, SYSTEM, next.at));
  }
  return s;
};

const role = (id: string, team: Role['team'], reminders: string[] = []): Role => ({ id, name: id, team, reminders });
const seated = (): SessionState => {
  const s = tableWith(5);
  s.seats[0]!.id = 'alice';
  s.seats[1]!.id = 'bob';
  return s;
};

describe('phases (spec 1 §4)', () => {
  it('odd phases are nights; night number is phase/2 rounded up, day number phase/2 rounded down', () => {
    expect([1, 2, 3, 4].map(isNightPhase)).toEqual([true, false, true, false]);
    expect([1, 3, 5].map(nightNumber)).toEqual([1, 2, 3]);
    expect([2, 4, 6].map(dayNumber)).toEqual([1, 2, 3]);
  });

  it('start begins at phase 0 with a start entry and the distribute-roles hook for 1.5 s', () => {
    const s = ok(act(tableWith(5), ST, { type: 'startGame' }));
    expect(s.game).toMatchObject({ isRunning: true, phase: 0, isNight: false });
    expect(s.game.history.map((h) => h.type)).toEqual(['start']);
    expect(s.hook).toMatchObject({ name: 'distribute-roles', until: T0 + DISTRIBUTE_ROLES_HOOK_MS });
    expect(phaseLabel(s.game)).toEqual({ kind: 'start' });
    expect(runClock(s, T0 + DISTRIBUTE_ROLES_HOOK_MS - 1).hook).not.toBeNull();
    expect(runClock(s, T0 + DISTRIBUTE_ROLES_HOOK_MS).hook).toBeNull();
    expect(phaseLabel(tableWith(5).game)).toEqual({ kind: 'end' });
  });

  it('toggling advances night 1 → day 1 with phase entries; within 10 s it undoes instead', () => {
    let s = runClock(ok(act(tableWith(5), ST, { type: 'startGame' })), T0 + 2000);
    s = ok(act(s, ST, { type: 'toggleNight' }, T0 + 60_000));
    expect(s.game).toMatchObject({ phase: 1, isNight: true });
    expect(phaseLabel(s.game)).toEqual({ kind: 'night', number: 1, since: T0 + 60_000 });
    const undone = ok(act(s, ST, { type: 'toggleNight' }, T0 + 60_000 + PHASE_UNDO_WINDOW_MS - 1));
    expect(undone.game).toMatchObject({ phase: 0, isNight: false });
    expect(undone.game.history.map((h) => h.type)).toEqual(['start']);
    const day = ok(act(s, ST, { type: 'toggleNight' }, T0 + 60_000 + PHASE_UNDO_WINDOW_MS));
    expect(day.game).toMatchObject({ phase: 2, isNight: false });
    expect(phaseLabel(day.game)).toMatchObject({ kind: 'day', number: 1 });
  });

  it('is blocked during a nomination or pointing, and only the Storyteller toggles', () => {
    const s = tableWith(5);
    expect(code(act(s, ALICE, { type: 'toggleNight' }))).toBe('forbidden');
    s.vote.nomination = [0, 1];
    expect(code(act(s, ST, { type: 'toggleNight' }))).toBe('nomination_active');
    const p = tableWith(5);
    p.pointing = { status: 'locked', startedAt: T0, recipients: null, members: [], pointers: {} };
    expect(code(act(p, ST, { type: 'toggleNight' }))).toBe('pointing_active');
  });
});

describe('hooks: one at a time', () => {
  it(`a second hook is refused with '${HOOK_IN_PROGRESS}'; the attention gong lasts 10000 ms`, () => {
    const s = ok(act(tableWith(5), ST, { type: 'attention' }));
    expect(s.hook).toMatchObject({ name: 'attention-gong', until: T0 + ATTENTION_GONG_HOOK_MS });
    const second = act(s, ST, { type: 'startGame' });
    expect(second).toEqual({ ok: false, error: { code: 'hook_in_progress', message: HOOK_IN_PROGRESS } });
    expect(code(act(tableWith(5), ALICE, { type: 'attention' }))).toBe('forbidden');
    expect(runClock(s, T0 + ATTENTION_GONG_HOOK_MS).hook).toBeNull();
  });

  it('handing out roles shows each player theirs (receive-role for 2.5 s)', () => {
    const s = ok(
      act(seated(), ST, {
        type: 'distributeRoles',
        roles: [
          { role: role('imp', 'demon'), alignment: 'e' },
          { role: role('chef', 'townsfolk'), alignment: 'g' },
          { role: null, alignment: null },
          { role: null, alignment: null },
          { role: null, alignment: null },
        ],
      }),
    );
    expect(s.hook).toMatchObject({ name: 'receive-role', until: T0 + RECEIVE_ROLE_HOOK_MS });
    expect(view(s, 'alice').seats[0]!.role?.id).toBe('imp');
    expect(view(s, 'bob').seats[0]!.role).toBeNull();
    expect(view(s, 'bob').seats[1]!.role?.id).toBe('chef');
    expect(code(act(seated(), ST, { type: 'distributeRoles', roles: [] }))).toBe('stale');
  });
});

describe('end of game and reveal (spec 1 §4)', () => {
  it('ends the night, logs the end, stops running, then reveals one player per 100 ms and clears 1 s after the last', () => {
    let s = seated();
    s.seats[0]!.role = role('imp', 'demon');
    s = runClock(ok(act(s, ST, { type: 'startGame' })), T0 + 2000);
    s = ok(act(s, ST, { type: 'toggleNight' }, T0 + 20_000));
    s = ok(act(s, ST, { type: 'endGame', isEvilWin: true }, T0 + 40_000));
    expect(s.game).toMatchObject({ isRunning: false, isNight: false, phase: 2 });
    expect(s.game.history.map((h) => h.type)).toEqual(['start', 'phase', 'phase', 'end']);
    expect(s.hook).toMatchObject({ name: 'reveal-grimoire', params: { isEvilWin: true } });
    expect(view(s, 'bob').seats[0]!.role).toBeNull();

    const t = T0 + 40_000;
    expect(runClock(s, t + REVEAL_STEP_DEFAULT_MS - 1).seats.filter((x) => x.revealed)).toHaveLength(0);
    const first = runClock(s, t + REVEAL_STEP_DEFAULT_MS);
    expect(first.seats.map((x) => x.revealed)).toEqual([true, false, false, false, false]);
    expect(view(first, 'bob').seats[0]!.role?.id).toBe('imp');
    const last = t + 5 * REVEAL_STEP_DEFAULT_MS;
    expect(runClock(s, last).seats.every((x) => x.revealed)).toBe(true);
    expect(runClock(s, last + REVEAL_END_DELAY_MS - 1).hook).not.toBeNull();
    expect(runClock(s, last + REVEAL_END_DELAY_MS).hook).toBeNull();
  });

  it('the slow reveal steps 1000 ms', () => {
    const s = ok(act(seated(), ST, { type: 'endGame', isEvilWin: false, slow: true }));
    expect(runClock(s, T0 + REVEAL_STEP_SLOW_MS - 1).seats.some((x) => x.revealed)).toBe(false);
    expect(runClock(s, T0 + REVEAL_STEP_SLOW_MS).seats[0]!.revealed).toBe(true);
  });
});

describe('timer (spec 1 §5: 3 to 7200 s; hidden 5 s after expiry)', () => {
  it('accepts 3 and 7200 s; any other duration clears an existing timer; titles up to 50 characters', () => {
    const set = (duration: number, s = tableWith(1)) =>
      act(s, ST, { type: 'timer', title: 'Day', duration, isPausedDuringVotes: false });
    expect(ok(set(3)).timer?.expiration).toBe(T0 + 3000);
    expect(ok(set(7200)).timer?.expiration).toBe(T0 + 7_200_000);
    const running = ok(set(60));
    expect(ok(set(2, running)).timer).toBeNull();
    expect(ok(set(7201, running)).timer).toBeNull();
    expect(
      code(act(tableWith(1), ST, { type: 'timer', title: 'x'.repeat(51), duration: 60, isPausedDuringVotes: false })),
    ).toBe('bad_request');
    expect(code(act(tableWith(1), ALICE, { type: 'timer', title: '', duration: 60, isPausedDuringVotes: false }))).toBe(
      'forbidden',
    );
    expect(runClock(running, T0 + 60_000 + TIMER_HIDE_AFTER_MS - 1).timer).not.toBeNull();
    expect(runClock(running, T0 + 60_000 + TIMER_HIDE_AFTER_MS).timer).toBeNull();
  });
});

describe('life toggle (spec 1 §4)', () => {
  const toggle = (s: SessionState, townSquare: boolean, at = T0) =>
    ok(act(s, ST, { type: 'toggleLife', index: 0, townSquare }, at));

  it('in town square: alive → dead → dead and voteless → alive, each recorded in history', () => {
    let s = seated();
    s.seats[0]!.reminders = [{ role: 'imp', name: 'Dead', isFlipped: false }];
    s = toggle(s, true);
    expect(s.seats[0]).toMatchObject({ isDead: true, isVoteless: false, reminders: [] });
    s = toggle(s, true);
    expect(s.seats[0]).toMatchObject({ isDead: true, isVoteless: true });
    s = toggle(s, true);
    expect(s.seats[0]).toMatchObject({ isDead: false, isVoteless: false });
    expect(s.game.history.map((h) => h.type)).toEqual(['death', 'voteless', 'revive']);
  });

  it('during a nomination in town square a dead player toggles voteless; the living are untouched', () => {
    const s = seated();
    s.vote.nomination = [1, 2];
    s.seats[0]!.isDead = true;
    expect(toggle(s, true).seats[0]!.isVoteless).toBe(true);
    s.seats[0]!.isDead = false;
    expect(toggle(s, true).seats[0]).toMatchObject({ isDead: false, isVoteless: false });
  });

  it('at night it marks for death; otherwise it toggles death, clearing reminders, the mark and voteless', () => {
    const night = seated();
    night.game.isNight = true;
    expect(toggle(night, false).seats[0]!.isMarkedForDeath).toBe(true);
    const day = seated();
    day.seats[0] = {
      ...day.seats[0]!,
      isMarkedForDeath: true,
      reminders: [{ role: 'x', name: 'Dead', isFlipped: false }],
    };
    const dead = JSON.parse(JSON.stringify(toggle(day, false))) as SessionState; // results are frozen
    expect(dead.seats[0]).toMatchObject({ isDead: true, isMarkedForDeath: false, reminders: [] });
    dead.seats[0]!.reminders = [{ role: 'x', name: 'Alive', isFlipped: false }];
    dead.seats[0]!.isVoteless = true;
    expect(toggle(dead, false).seats[0]).toMatchObject({ isDead: false, isVoteless: false, reminders: [] });
  });

  it('during the reveal a click reveals the player', () => {
    const s = ok(act(seated(), ST, { type: 'endGame', isEvilWin: false }));
    expect(toggle(s, false).seats[0]!.revealed).toBe(true);
  });

  it('only the Storyteller toggles life', () => {
    expect(code(act(seated(), ALICE, { type: 'toggleLife', index: 0, townSquare: true }))).toBe('forbidden');
  });
});

describe('alignment cycle (spec 1 §4)', () => {
  it('follows the spec table for each team', () => {
    expect(nextAlignment('g', 'demon')).toBeNull();
    expect(nextAlignment('g', 'minion')).toBeNull();
    expect(nextAlignment('g', 'townsfolk')).toBe('e');
    expect(nextAlignment('e', 'traveller')).toBeNull();
    expect(nextAlignment('e', 'townsfolk')).toBeNull();
    expect(nextAlignment('e', 'outsider')).toBeNull();
    expect(nextAlignment('e', 'demon')).toBe('g');
    expect(nextAlignment(null, 'townsfolk')).toBe('e');
    expect(nextAlignment(null, 'outsider')).toBe('e');
    expect(nextAlignment(null, 'minion')).toBe('g');
    expect(nextAlignment(null, 'traveller')).toBe('g');
  });

  it("non-Storytellers change only a traveller's alignment, on their own seat", () => {
    const s = seated();
    s.seats[0]!.role = role('scapegoat', 'traveller');
    s.seats[1]!.role = role('chef', 'townsfolk');
    expect(ok(act(s, ALICE, { type: 'cycleAlignment', index: 0 })).seats[0]!.alignment).toBe('g');
    expect(code(act(s, BOB, { type: 'cycleAlignment', index: 0 }))).toBe('forbidden');
    expect(code(act(s, BOB, { type: 'cycleAlignment', index: 1 }))).toBe('forbidden');
    expect(ok(act(s, ST, { type: 'cycleAlignment', index: 1 })).seats[1]!.alignment).toBe('e');
  });
});

describe('reminders (spec 3 §4)', () => {
  it('a reminder exists as often as its role lists it: the oldest holder gives it up; good and evil are exempt', () => {
    let s = seated();
    s.seats[2]!.role = role('poisoner', 'minion', ['Poisoned']);
    s = ok(act(s, ST, { type: 'addReminder', index: 0, role: 'poisoner', name: 'Poisoned' }, T0));
    s = ok(act(s, ST, { type: 'addReminder', index: 1, role: 'poisoner', name: 'Poisoned' }, T0 + 1));
    expect(s.seats[0]!.reminders).toEqual([]);
    expect(s.seats[1]!.reminders.map((r) => r.name)).toEqual(['Poisoned']);
    const dup = ok(
      act(s, ST, { type: 'addReminder', index: 0, role: 'poisoner', name: 'Poisoned', allowDuplicates: true }, T0 + 2),
    );
    expect(dup.seats.flatMap((x) => x.reminders)).toHaveLength(2);
    let g = seated();
    for (let i = 0; i < 3; i++)
      g = ok(act(g, ST, { type: 'addReminder', index: i, role: 'good', name: 'Good' }, T0 + i));
    expect(g.seats.flatMap((x) => x.reminders)).toHaveLength(3);
  });

  it("flipping toggles at most once per 500 ms; a player's reminders are their own notes (issue 14)", () => {
    let s = ok(act(seated(), ALICE, { type: 'addReminder', index: 0, role: 'custom', name: 'Note' }));
    expect(s.seats[0]!.reminders).toEqual([]);
    expect(s.seats[0]!.notes.alice).toHaveLength(1);
    // Bob's notes on the same seat are his; he cannot touch alice's.
    s = ok(act(s, BOB, { type: 'addReminder', index: 0, role: 'custom', name: 'Mine' }, T0 + 1));
    expect(s.seats[0]!.notes.bob!.map((r) => r.name)).toEqual(['Mine']);
    expect(ok(act(s, BOB, { type: 'removeReminder', index: 0, at: 0 }, T0 + 2)).seats[0]!.notes.alice).toHaveLength(1);
    s = ok(act(s, ALICE, { type: 'flipReminder', index: 0, at: 0 }, T0));
    expect(s.seats[0]!.notes.alice![0]!.isFlipped).toBe(true);
    expect(code(act(s, ALICE, { type: 'flipReminder', index: 0, at: 0 }, T0 + 499))).toBe('rate_limited');
    expect(
      ok(act(s, ALICE, { type: 'flipReminder', index: 0, at: 0 }, T0 + 500)).seats[0]!.notes.alice![0]!.isFlipped,
    ).toBe(false);
    expect(ok(act(s, ALICE, { type: 'removeReminder', index: 0, at: 0 })).seats[0]!.notes.alice).toBeUndefined();
  });

  it('caps: 20 Storyteller reminders a seat; 10 notes a seat and 60 in all for one player', () => {
    let s = seated();
    for (let i = 0; i < 20; i++)
      s = ok(act(s, ST, { type: 'addReminder', index: 0, role: 'custom', name: `r${i}` }, T0 + i));
    expect(code(act(s, ST, { type: 'addReminder', index: 0, role: 'custom', name: 'one more' }))).toBe('limit_reached');
    let n = seated();
    for (let i = 0; i < 10; i++)
      n = ok(act(n, ALICE, { type: 'addReminder', index: 1, role: 'custom', name: `n${i}` }, T0 + i));
    expect(code(act(n, ALICE, { type: 'addReminder', index: 1, role: 'custom', name: 'x' }))).toBe('limit_reached');
    const wide = tableWith(8);
    wide.seats[0]!.id = 'alice';
    let w = wide;
    for (let seat = 0; seat < 6; seat++)
      for (let i = 0; i < 10; i++)
        w = ok(act(w, ALICE, { type: 'addReminder', index: seat, role: 'custom', name: `n${i}` }, T0 + i));
    expect(code(act(w, ALICE, { type: 'addReminder', index: 7, role: 'custom', name: 'x' }))).toBe('limit_reached');
  });
});

describe('raised hands (spec 1 §4: seated only, ignored during a nomination, 500 ms debounce)', () => {
  it('raises, cycles down on repeat, and refuses spectators, nominations and fast repeats', () => {
    const s = ok(act(seated(), ALICE, { type: 'raiseHand', icon: 'hand' }));
    expect(s.raisedHands).toEqual({ alice: 'hand' });
    expect(code(act(s, ALICE, { type: 'raiseHand', icon: 'hand' }, T0 + 499))).toBe('rate_limited');
    expect(ok(act(s, ALICE, { type: 'raiseHand', icon: 'hand' }, T0 + 500)).raisedHands).toEqual({});
    expect(
      code(act(seated(), { userId: 'mod', level: 'special-moderator' }, { type: 'raiseHand', icon: 'hand' })),
    ).toBe('not_seated');
    const nominated = seated();
    nominated.vote.nomination = [0, 1];
    expect(code(act(nominated, ALICE, { type: 'raiseHand', icon: 'hand' }))).toBe('nomination_active');
    expect(code(act(seated(), ALICE, { type: 'raiseHand', icon: 'spock' }))).toBe('forbidden');
    const powerful = seated();
    powerful.users.alice!.flags = ['powerful'];
    expect(ok(act(powerful, ALICE, { type: 'raiseHand', icon: 'spock' })).raisedHands.alice).toBe('spock');
    // Spec 1 §6: cosmetic emotes from the account's own list, and no other.
    expect(code(act(seated(), ALICE, { type: 'raiseHand', icon: 'emote:bugreporter' }))).toBe('forbidden');
    const emoting = seated();
    emoting.users.alice!.emotes = ['bugreporter'];
    expect(ok(act(emoting, ALICE, { type: 'raiseHand', icon: 'emote:bugreporter' })).raisedHands.alice).toBe(
      'emote:bugreporter',
    );
    expect(code(act(emoting, ALICE, { type: 'raiseHand', icon: 'emote:worldcup25' }))).toBe('forbidden');
    // The account's emotes are its own business: another player's view does not list them.
    expect(view(emoting, 'bob').users.alice!.emotes).toBeUndefined();
    expect(view(emoting, 'alice').users.alice!.emotes).toEqual(['bugreporter']);
  });
});

describe('the powerful flag (spec 1 §5: a hidden prompt of 2–50 characters, compared with the session code)', () => {
  it('the session code toggles it for this session (and the extra hands with it); anything else did not work', () => {
    const wrong = act(seated(), ALICE, { type: 'powerful', secret: 'abd' });
    expect(code(wrong)).toBe('bad_request');
    let s = ok(act(seated(), ALICE, { type: 'powerful', secret: ' ABC ' }));
    expect(s.users.alice!.flags).toContain('powerful');
    s = ok(act(s, ALICE, { type: 'raiseHand', icon: 'role:imp' }, T0 + 1_000));
    expect(s.raisedHands.alice).toBe('role:imp');
    // A reconnection keeps it (the account itself is not powerful).
    const { isOnline: _online, grimoireAccess: _access, ...profile } = s.users.alice!;
    s = ok(act(s, SYSTEM, { type: 'presence', user: { ...profile, flags: [] }, isOnline: true }));
    expect(s.users.alice!.flags).toContain('powerful');
    s = ok(act(s, ALICE, { type: 'powerful', secret: 'abc' }));
    expect(s.users.alice!.flags).not.toContain('powerful');
    expect(s.raisedHands.alice).toBeUndefined();
    expect(code(act(s, { userId: 'stranger', level: 'none' }, { type: 'powerful', secret: 'abc' }))).toBe('forbidden');
  });
});

describe('pointing (spec 1 §4: 4 s countdown then locked)', () => {
  it('by day everyone points; after 4 s it locks; closing during the countdown locks it, then ends it', () => {
    let s = ok(act(seated(), ST, { type: 'pointing', action: 'start' }));
    expect(code(act(seated(), ST, { type: 'pointing', action: 'start', dead: true }))).toBe('bad_request');
    s = ok(act(s, ALICE, { type: 'point', index: 3 }));
    expect(s.pointing?.pointers).toEqual({ alice: 3 });
    expect(runClock(s, T0 + POINTING_COUNTDOWN_MS - 1).pointing?.status).toBe('countdown');
    const locked = runClock(s, T0 + POINTING_COUNTDOWN_MS);
    expect(locked.pointing?.status).toBe('locked');
    expect(code(act(locked, BOB, { type: 'point', index: 2 }))).toBe('bad_request');
    const closedEarly = ok(act(s, ST, { type: 'pointing', action: 'stop' }));
    expect(closedEarly.pointing?.status).toBe('locked');
    expect(ok(act(closedEarly, ST, { type: 'pointing', action: 'stop' })).pointing).toBeNull();
  });

  it('at night a team points, without the Marionette, Drunk, Lunatic and Alchemist-reminder holders', () => {
    const s = tableWith(6);
    s.seats.forEach((seat, i) => (seat.id = `p${i}`));
    s.seats[0]!.role = role('poisoner', 'minion');
    s.seats[1]!.role = role('marionette', 'minion');
    s.seats[2]!.role = role('spy', 'minion');
    s.seats[2]!.reminders = [{ role: 'alchemist', name: 'Is the Alchemist', isFlipped: false }];
    s.seats[3]!.role = role('chef', 'townsfolk');
    s.seats[4]!.isDead = true;
    expect(pointingRecipients(s.seats, { team: 'minion' })).toEqual([0]);
    expect(pointingRecipients(s.seats, { dead: true })).toEqual([4]);
    s.game.isNight = true;
    expect(code(act(s, ST, { type: 'pointing', action: 'start' }))).toBe('bad_request');
    const p = ok(act(s, ST, { type: 'pointing', action: 'start', team: 'minion' }));
    expect(p.pointing?.recipients).toEqual([0]);
    // Those who do not point get the answer of no pointing at all (issue 14).
    expect(act(p, { userId: 'p3', level: 'none' }, { type: 'point', index: 0 })).toEqual(
      act(s, { userId: 'p3', level: 'none' }, { type: 'point', index: 0 }),
    );
  });
});

describe('open eyes', () => {
  it('only the player themself or the Storyteller', () => {
    expect(ok(act(seated(), ALICE, { type: 'openEyes', index: 0, value: 'open-eyes' })).seats[0]!.status).toEqual([
      'open-eyes',
    ]);
    expect(code(act(seated(), BOB, { type: 'openEyes', index: 0, value: 'peek-eyes' }))).toBe('forbidden');
    expect(ok(act(seated(), ST, { type: 'openEyes', index: 0, value: null })).seats[0]!.status).toEqual([]);
  });
});

describe('Storyteller-only seat properties (spec 1 §5)', () => {
  it('role, alignment, isDead, isVoteless, id and reminders are refused to others', () => {
    const intents: Intent[] = [
      { type: 'updatePlayer', index: 0, property: 'role', value: null },
      { type: 'updatePlayer', index: 0, property: 'alignment', value: 'e' },
      { type: 'updatePlayer', index: 0, property: 'isDead', value: true },
      { type: 'updatePlayer', index: 0, property: 'isVoteless', value: true },
      { type: 'updatePlayer', index: 0, property: 'id', value: '' },
      { type: 'updatePlayer', index: 0, property: 'reminders', value: [] },
    ];
    for (const intent of intents) {
      expect(code(act(seated(), ALICE, intent))).toBe('forbidden');
      expect(code(act(seated(), ST, intent))).toBe('ok');
    }
  });
});
