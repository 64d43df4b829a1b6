import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { MAX_CHRONICLE_ENTRIES } from './chronicle';
import { PHASE_UNDO_WINDOW_MS } from './constants';
import type { Intent } from './intents';
import { gameRecord, recordFor, type RecordEntry } from './record';
import { ok, ST, SYSTEM, T0, tableWith, user } from './testing';
import { nextTimedIntent } from './timed';
import type { Actor, Role, SessionState } from './types';
import { view } from './view';

const P = (i: number): Actor => ({ userId: `p${i}`, level: 'none' });
const imp: Role = { id: 'imp', name: 'Imp', team: 'demon' };
const chef: Role = { id: 'chef', name: 'Chef', team: 'townsfolk' };
const organGrinder: Role = {
  id: 'organgrinder',
  name: 'Organ Grinder',
  team: 'minion',
  special: [{ type: 'vote', name: 'hidden' }],
};

/** Five seated players p0..p4 with a watching spectator; roles: p0 Imp, p1 Organ Grinder, the rest Chefs. */
const five = (): SessionState => {
  const s = tableWith(5);
  s.seats.forEach((seat, i) => {
    seat.id = `p${i}`;
    s.users[`p${i}`] = { ...user(`p${i}`), isOnline: true, grimoireAccess: 0 };
  });
  return s;
};

let clock = T0;
const act = (s: SessionState, who: Actor, intent: Intent, at?: number) => {
  clock = at ?? clock + PHASE_UNDO_WINDOW_MS + 1;
  return ok(apply(s, intent, who, clock));
};
const runClock = (s: SessionState, until: number): SessionState => {
  for (let next = nextTimedIntent(s); next && next.at <= until; next = nextTimedIntent(s)) {
    s = ok(apply(s, next.intent, SYSTEM, next.at));
  }
  clock = Math.max(clock, until);
  return s;
};

/** A whole game: start, roles, night 1, day 1 with a secret vote that executes p2, the end (evil wins). */
const playedGame = () => {
  clock = T0;
  let s = five();
  s = act(s, ST, { type: 'startGame' });
  s = runClock(s, clock + 2_000);
  s = act(s, ST, {
    type: 'distributeRoles',
    roles: [
      { role: imp, alignment: 'e' },
      { role: organGrinder, alignment: 'e' },
      { role: chef, alignment: 'g' },
      { role: chef, alignment: 'g' },
      { role: chef, alignment: null },
    ],
  });
  s = runClock(s, clock + 3_000);
  s = act(s, ST, { type: 'toggleNight' }); // night 1
  s = act(s, ST, { type: 'updatePlayer', index: 3, property: 'isDead', value: true });
  s = act(s, ST, { type: 'toggleNight' }); // day 1
  s = act(s, ST, { type: 'voteIsHidden', value: true });
  s = act(s, ST, { type: 'nomination', nominator: 0, nominee: 2 });
  s = act(s, P(0), { type: 'vote', index: 0, value: 1, at: clock }, clock);
  s = act(s, P(1), { type: 'vote', index: 1, value: 1, at: clock }, clock);
  s = act(s, P(4), { type: 'vote', index: 4, value: 1, at: clock }, clock);
  s = act(s, ST, { type: 'voteControl', action: 'start' });
  s = runClock(s, clock + 20_000);
  s = act(s, ST, { type: 'voteControl', action: 'finish' });
  s = act(s, ST, { type: 'updatePlayer', index: 2, property: 'isDead', value: true });
  s = act(s, ST, { type: 'toggleNight' }); // night 2
  return s;
};

describe('the chronicle (issue 18): the game timeline kept in the state', () => {
  it('records the start, phases, deaths, nominations with every hand, and the end with the table', () => {
    let s = playedGame();
    s = act(s, ST, { type: 'endGame', isEvilWin: true });
    const kinds = s.chronicle!.map((e) => e.kind);
    // The end at night first ends the night (spec 1 §4): day 2 comes before the end.
    expect(kinds).toEqual(['start', 'phase', 'death', 'phase', 'nomination', 'death', 'phase', 'phase', 'end']);
    const nomination = s.chronicle!.find((e) => e.kind === 'nomination')!;
    expect(nomination).toMatchObject({
      nominator: 0,
      nominee: 2,
      hands: [1, 1, 0, 0, 1],
      total: 3,
      // Majority: half of the 4 living players rounded up.
      majority: 2,
      secret: true,
      owners: ['p0', 'p1', 'p2', 'p3', 'p4'],
      finished: true,
      marked: true,
    });
    const end = s.chronicle!.at(-1)!;
    expect(end).toMatchObject({ kind: 'end', isEvilWin: true, storytellers: ['st'] });
    if (end.kind !== 'end') throw new Error('no end');
    expect(end.seats.map((seat) => [seat.user, seat.role?.id, seat.isDead])).toEqual([
      ['p0', 'imp', false],
      ['p1', 'organgrinder', false],
      ['p2', 'chef', true],
      ['p3', 'chef', true],
      ['p4', 'chef', false],
    ]);
    // alice, bob and mod are online and not in the game: they watched.
    expect(end.spectators.sort()).toEqual(['alice', 'bob', 'mod']);
  });

  it('a phase undone within 10 s leaves no entry; a game started again starts a new chronicle', () => {
    clock = T0;
    let s = act(five(), ST, { type: 'startGame' });
    s = runClock(s, clock + 2_000);
    s = act(s, ST, { type: 'toggleNight' });
    s = act(s, ST, { type: 'toggleNight' }, clock + PHASE_UNDO_WINDOW_MS - 1);
    expect(s.game.phase).toBe(0);
    expect(s.chronicle!.map((e) => e.kind)).toEqual(['start']);
    s = act(s, ST, { type: 'toggleNight' });
    expect(s.chronicle!.map((e) => e.kind)).toEqual(['start', 'phase']);
    s = act(s, ST, { type: 'startGame' });
    expect(s.chronicle!.map((e) => e.kind)).toEqual(['start']);
  });

  it(`holds at most ${MAX_CHRONICLE_ENTRIES} entries, keeping the start`, () => {
    clock = T0;
    let s = act(five(), ST, { type: 'startGame' });
    s = runClock(s, clock + 2_000);
    for (let i = 0; i < MAX_CHRONICLE_ENTRIES + 10; i++) {
      s = act(s, ST, { type: 'updatePlayer', index: 0, property: 'isDead', value: i % 2 === 0 }, clock + 1);
    }
    expect(s.chronicle).toHaveLength(MAX_CHRONICLE_ENTRIES);
    expect(s.chronicle![0]!.kind).toBe('start');
  });

  it('no view carries it, whoever looks: not the Storyteller, a player or a spectator', () => {
    const s = playedGame();
    for (const viewer of ['st', 'p0', 'alice', 'mod']) {
      const seen = view(s, viewer);
      expect('chronicle' in seen).toBe(false);
      expect(JSON.stringify(seen)).not.toContain('"owners"');
    }
  });

  it('nothing is kept when no game runs (an endGame without a start makes no record)', () => {
    clock = T0;
    const s = act(five(), ST, { type: 'endGame', isEvilWin: false });
    expect(s.chronicle).toBeUndefined();
    expect(gameRecord(s, 'x')).toBeNull();
  });
});

describe('the game record and what each reader may read of it', () => {
  const ended = () => act(playedGame(), ST, { type: 'endGame', isEvilWin: true });

  it('is built only once the game has ended, with the script, seats, alignments, result and times', () => {
    expect(gameRecord(playedGame(), 'r1')).toBeNull();
    const s = ended();
    const built = gameRecord(s, 'r1')!;
    const { record } = built;
    expect(record).toMatchObject({ id: 'r1', result: 'evil', sessionId: 'abc' });
    expect(record.startedAt).toBe(s.chronicle![0]!.at);
    expect(record.endedAt).toBe(s.chronicle!.at(-1)!.at);
    // A seat without an alignment of its own takes its team's.
    expect(record.seats.map((seat) => seat.alignment)).toEqual(['evil', 'evil', 'good', 'good', 'good']);
    expect(
      record.timeline.filter((e) => e.type === 'phase').map((e) => e.type === 'phase' && [e.isNight, e.number]),
    ).toEqual([
      [true, 1],
      [false, 1],
      [true, 2],
      [false, 2],
    ]);
    expect(Object.fromEntries(built.parts.map((p) => [p.userId, p.part]))).toEqual({
      st: 'storyteller',
      p0: 'player',
      p1: 'player',
      p2: 'player',
      p3: 'player',
      p4: 'player',
      alice: 'spectator',
      bob: 'spectator',
      mod: 'spectator',
    });
    // Built again later (another node, a restart) it is the same record.
    expect(gameRecord(ended(), 'r1')!.record.timeline.length).toBe(record.timeline.length);
  });

  const nominationOf = (timeline: RecordEntry[]) => {
    const found = timeline.find((e) => e.type === 'nomination');
    if (found?.type !== 'nomination') throw new Error('no nomination');
    return found;
  };

  it('a secret vote: the Storyteller reads every hand, a player only their own, a spectator only the count', () => {
    const { record } = gameRecord(ended(), 'r1')!;
    const st = nominationOf(recordFor(record, { id: 'st', part: 'storyteller' }).timeline);
    expect(st.hands).toEqual([1, 1, 0, 0, 1]);
    const p1 = nominationOf(recordFor(record, { id: 'p1', part: 'player' }).timeline);
    expect(p1.hands).toEqual([null, 1, null, null, null]);
    expect(p1.total).toBe(3);
    const p3 = nominationOf(recordFor(record, { id: 'p3', part: 'player' }).timeline);
    expect(p3.hands).toEqual([null, null, null, 0, null]);
    const stranger = recordFor(record, { id: 'zed', part: null });
    expect(nominationOf(stranger.timeline).hands).toEqual([null, null, null, null, null]);
    // Who sat where during the secret vote, and the session code, never reach a reader without a part.
    expect(JSON.stringify(stranger)).not.toContain('owners');
    expect(stranger.sessionId).toBeUndefined();
    const spectator = recordFor(record, { id: 'alice', part: 'spectator' });
    expect(spectator.sessionId).toBe('abc');
    expect(JSON.stringify(spectator)).not.toContain('owners');
  });

  it('a grimoire holder who watched reads the secret hands whole', () => {
    let s = playedGame();
    s = { ...s, users: { ...s.users, alice: { ...s.users.alice!, grimoireAccess: 3 } } };
    const { record } = gameRecord(act(s, ST, { type: 'endGame', isEvilWin: true }), 'r1')!;
    expect(record.grimoire).toEqual(['alice']);
    const holder = nominationOf(recordFor(record, { id: 'alice', part: 'spectator' }).timeline);
    expect(JSON.stringify(recordFor(record, { id: 'alice', part: 'spectator' }))).not.toContain('grimoire');
    expect(nominationOf(recordFor(record, { id: 'bob', part: 'spectator' }).timeline).hands).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(holder.hands).toEqual([1, 1, 0, 0, 1]);
  });
});
