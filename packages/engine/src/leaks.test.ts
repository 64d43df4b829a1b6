import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import type { Intent } from './intents';
import { ALICE, BOB, ST, SYSTEM, T0, tableWith, user } from './testing';
import type { Actor, Role, SessionState } from './types';
import { view, type SessionView } from './view';

/**
 * Issue 14: the five leaks a hostile client found by reading every frame and sending intents the UI
 * never sends. Each test is the attack, written from the attacker's side.
 */
const chef: Role = { id: 'chef', name: 'Chef', team: 'townsfolk' };
const imp: Role = { id: 'imp', name: 'Imp', team: 'demon', reminders: ['Dead'] };
const poisoner: Role = { id: 'poisoner', name: 'Poisoner', team: 'minion', reminders: ['Poisoned'] };
const baron: Role = { id: 'baron', name: 'Baron', team: 'minion' };
const organGrinder: Role = {
  id: 'organgrinder',
  name: 'Organ Grinder',
  team: 'minion',
  special: [{ type: 'vote', name: 'hidden' }],
};
const CAROL: Actor = { userId: 'carol', level: 'none' };

const must = (state: SessionState, intent: Intent, actor: Actor, now = T0): SessionState => {
  const result = apply(state, intent, actor, now);
  if (!result.ok) throw new Error(`${intent.type} refused: ${result.error.message}`);
  return result.state;
};

/** Everything on a seat this viewer's client would draw as a reminder or note. */
const remindersSeen = (v: SessionView, index: number) => {
  const seat = v.seats[index]!;
  const notes = (seat as { notes?: Record<string, unknown[]> }).notes?.[v.viewer.id] ?? [];
  return [...seat.reminders, ...notes];
};

/** Five seats: alice (chef), bob (imp), carol (poisoner), seat 3 empty, seat 4 empty; a spectator 'spec'. */
const game = (): SessionState => {
  const s = tableWith(5);
  s.users.carol = { ...user('carol'), isOnline: true, grimoireAccess: 0 };
  s.users.spec = { ...user('spec'), isOnline: true, grimoireAccess: 0 };
  const seat = (i: number, id: string, role: Role | null, alignment: 'g' | 'e' | null) => {
    s.seats[i] = { ...s.seats[i]!, id, role, alignment };
  };
  seat(0, 'alice', chef, 'g');
  seat(1, 'bob', imp, 'e');
  seat(2, 'carol', poisoner, 'e');
  s.game = { ...s.game, isRunning: true, phase: 1, isNight: true, lastPhase: T0 };
  return s;
};

describe('issue 14: the five leaks, from the attacker side', () => {
  it('1. a night pointing at the minions tells nobody outside the team who the minions are', () => {
    const s = must(game(), { type: 'pointing', action: 'start', team: 'minion' }, ST);
    for (const outsider of ['alice', 'spec', 'mod']) {
      const frame = JSON.stringify(view(s, outsider));
      expect(frame, outsider).not.toContain('"recipients":[2]');
      expect(view(s, outsider).pointing, outsider).toBeNull();
    }
    // The minion who points knows it.
    expect(view(s, 'carol').pointing?.recipients).toEqual([2]);
    // And alice's answers are the same as when nobody points.
    const pointing = apply(s, { type: 'point', index: 1 }, ALICE, T0 + 100);
    const none = apply(game(), { type: 'point', index: 1 }, ALICE, T0 + 100);
    expect(pointing).toEqual(none);
  });

  it("2. a player's reminders tell nothing about the grimoire and never move the Storyteller's", () => {
    const withPoisoner = must(game(), { type: 'addReminder', index: 1, role: 'poisoner', name: 'Poisoned' }, ST);
    const withoutPoisoner = (() => {
      const s = game();
      s.seats[2]!.role = baron;
      return must(s, { type: 'addReminder', index: 1, role: 'poisoner', name: 'Poisoned' }, ST);
    })();
    const attack = (start: SessionState) => {
      let s = must(start, { type: 'addReminder', index: 0, role: 'poisoner', name: 'Poisoned' }, ALICE, T0 + 1);
      s = must(s, { type: 'addReminder', index: 0, role: 'poisoner', name: 'Poisoned' }, ALICE, T0 + 2);
      return s;
    };
    const a = attack(withPoisoner);
    const b = attack(withoutPoisoner);
    // The oracle: how many stay on alice's seat must not depend on whether a Poisoner is in play.
    expect(remindersSeen(view(a, 'alice'), 0)).toHaveLength(remindersSeen(view(b, 'alice'), 0).length);
    expect(view(a, 'alice')).toEqual(view(b, 'alice'));
    // The lever: the Storyteller's Poisoned reminder on bob's seat is still there.
    expect(a.seats[1]!.reminders.map((r) => r.name)).toEqual(['Poisoned']);
  });

  it('3. a secret vote leaves no count, highscore or mark with viewers outside the grimoire', () => {
    let s = game();
    s.seats[2]!.role = organGrinder;
    s.game = { ...s.game, phase: 2, isNight: false };
    s = must(s, { type: 'nomination', nominator: 0, nominee: 1 }, ST);
    s = must(s, { type: 'voteIsHidden', value: true }, ST);
    s = must(s, { type: 'voteControl', action: 'start' }, ST, T0);
    s = must(s, { type: 'vote', index: 0, value: 1, at: T0 + 100 }, ALICE, T0 + 100);
    s = must(s, { type: 'vote', index: 2, value: 1, at: T0 + 100 }, CAROL, T0 + 100);
    s = must(s, { type: 'vote', index: 1, value: 1, at: T0 + 100 }, BOB, T0 + 100);
    s = must(s, { type: 'voteComplete' }, SYSTEM, T0 + 60_000);
    expect(s.vote.highscore).toBe(3);
    expect(s.vote.markedPlayer).toBe(1);
    for (const [outsider, own] of [
      ['bob', 1],
      ['spec', -1],
    ] as const) {
      const v = view(s, outsider);
      expect(v.vote.highscore, outsider).toBe(0);
      expect(v.vote.markedPlayer, outsider).toBe(-1);
      expect(
        v.vote.votes.filter((x, i) => x > 0 && i !== own),
        outsider,
      ).toEqual([]);
    }
    // Alice sees her own hand, nothing else of the tally.
    expect(view(s, 'alice').vote.highscore).toBe(0);
    expect(view(s, 'st').vote.highscore).toBe(3);
  });

  it("4. a player does not see the Storyteller's reminders on their own seat", () => {
    let s = must(game(), { type: 'addReminder', index: 0, role: 'drunk', name: 'Is the Drunk' }, ST);
    s = must(s, { type: 'addReminder', index: 0, role: 'poisoner', name: 'Poisoned' }, ST);
    expect(remindersSeen(view(s, 'alice'), 0)).toEqual([]);
    expect(JSON.stringify(view(s, 'alice'))).not.toContain('Is the Drunk');
    expect(view(s, 'st').seats[0]!.reminders).toHaveLength(2);
  });

  it("5. seat hopping: a seat's character never follows a player to another seat", () => {
    let s = game();
    s.game = { ...s.game, phase: 2, isNight: false };
    // Seat 3 holds the Baron of a player who left; seat 4 is empty and has no character.
    s.seats[3] = { ...s.seats[3]!, id: 'dave', role: baron, alignment: 'e' };
    s.users.dave = { ...user('dave'), isOnline: false, grimoireAccess: 0 };
    s = must(s, { type: 'claimSeat', index: -1 }, { userId: 'dave', level: 'none' });
    // Alice vacates and tries the seat of another character.
    s = must(s, { type: 'claimSeat', index: -1 }, ALICE);
    const hop = apply(s, { type: 'claimSeat', index: 3 }, ALICE, T0 + 10);
    expect(hop.ok).toBe(false);
    if (hop.ok) expect(view(hop.state, 'alice').seats[3]!.role).toBeNull();
    // A spectator may not either; nor may bob leave the Imp for it.
    expect(apply(s, { type: 'claimSeat', index: 3 }, { userId: 'spec', level: 'none' }, T0 + 10).ok).toBe(false);
    // An empty seat without a character is free; alice may also go back to her own seat.
    expect(apply(s, { type: 'claimSeat', index: 4 }, ALICE, T0 + 10).ok).toBe(true);
    const back = must(s, { type: 'claimSeat', index: 0 }, ALICE, T0 + 10);
    expect(view(back, 'alice').seats[0]!.role?.id).toBe('chef');
    // The Storyteller may seat someone there.
    const placed = must(s, { type: 'updatePlayer', index: 3, property: 'id', value: 'spec' }, ST, T0 + 10);
    expect(view(placed, 'spec').seats[3]!.role?.id).toBe('baron');
  });
});
