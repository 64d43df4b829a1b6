import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { areNeighbours, defaultRecipients, textRefusal } from './chat';
import { SIGNALS_CLEAR_AFTER_DAY_MS, SYSTEM_MESSAGE_EXPIRY_MS, TEXT_MAX_CHARS } from './constants';
import type { Intent } from './intents';
import { code, ok, ST, SYSTEM, T0, tableWith, user } from './testing';
import { nextTimedIntent } from './timed';
import type { Actor, Role, SessionState } from './types';
import { view } from './view';

const P = (i: number): Actor => ({ userId: `p${i}`, level: 'none' });
const SPEC: Actor = { userId: 'watcher', level: 'none' };
const MOD: Actor = { userId: 'mod', level: 'special-moderator' };

/** Six seated, online players p0..p5, a spectator, a moderator spectator and the Storyteller. */
const table = (): SessionState => {
  const s = tableWith(6);
  s.users = {};
  for (const id of ['st', 'watcher', 'mod', 'p0', 'p1', 'p2', 'p3', 'p4', 'p5']) {
    s.users[id] = { ...user(id), isOnline: true, grimoireAccess: 0 };
  }
  s.users.mod!.level = 'special-moderator';
  s.seats.forEach((seat, i) => (seat.id = `p${i}`));
  return s;
};
const say = (s: SessionState, who: Actor, recipientId: string, message = 'hello', at = T0) =>
  apply(s, { type: 'textMessage', message, recipientId }, who, at);

describe('neighbours (spec 2 §5: seats differing by 1 modulo players minus 2)', () => {
  it('are the seats left and right, around the circle', () => {
    expect(areNeighbours(0, 1, 6)).toBe(true);
    expect(areNeighbours(0, 5, 6)).toBe(true);
    expect(areNeighbours(0, 2, 6)).toBe(false);
    expect(areNeighbours(0, 4, 6)).toBe(false);
    expect(areNeighbours(2, 3, 5)).toBe(true);
    expect(areNeighbours(0, 4, 5)).toBe(true);
    expect(areNeighbours(0, 3, 4)).toBe(true);
    expect(areNeighbours(0, 2, 4)).toBe(false);
  });
});

describe('default recipients (spec 2 §5)', () => {
  it('a player: online Storytellers, both online neighbours, public and system', () => {
    expect(defaultRecipients(table(), 'p0')).toEqual(['st', 'p1', 'p5', '', 'system']);
    const s = table();
    s.users.p5!.isOnline = false;
    expect(defaultRecipients(s, 'p0')).toEqual(['st', 'p1', '', 'system']);
  });

  it('the Storyteller and spectators add the spectator channel; grimoire holders add private', () => {
    expect(defaultRecipients(table(), 'st')).toEqual(['', 'spectator', 'private', 'system']);
    expect(defaultRecipients(table(), 'watcher')).toEqual(['st', '', 'spectator', 'system']);
  });
});

describe('text rules (spec 2 §5 Text)', () => {
  it(`at most ${TEXT_MAX_CHARS} characters, never empty`, () => {
    expect(code(say(table(), P(0), '', 'x'.repeat(TEXT_MAX_CHARS)))).toBe('ok');
    expect(code(say(table(), P(0), '', 'x'.repeat(TEXT_MAX_CHARS + 1)))).toBe('bad_request');
    expect(code(say(table(), P(0), '', '   '))).toBe('bad_request');
  });

  it("nobody writes to 'private' or 'system'; spectators (not moderators) not in public", () => {
    expect(textRefusal(table(), 'st', 'private')?.code).toBe('forbidden');
    expect(textRefusal(table(), 'p0', 'system')?.code).toBe('forbidden');
    expect(textRefusal(table(), 'watcher', '')?.code).toBe('forbidden');
    expect(textRefusal(table(), 'mod', '')).toBeNull();
    expect(textRefusal(table(), 'p0', '')).toBeNull();
  });

  it('the spectator channel is for spectators and the Storyteller', () => {
    expect(textRefusal(table(), 'watcher', 'spectator')).toBeNull();
    expect(textRefusal(table(), 'st', 'spectator')).toBeNull();
    expect(textRefusal(table(), 'p0', 'spectator')?.code).toBe('forbidden');
  });

  it('direct: the Storyteller, or a message to the Storyteller, is always allowed', () => {
    expect(textRefusal(table(), 'st', 'p3')).toBeNull();
    expect(textRefusal(table(), 'p3', 'st')).toBeNull();
    expect(textRefusal(table(), 'watcher', 'st')).toBeNull();
  });

  it('direct: players whisper to neighbours only; spectators not to players; offline or unseated recipients refused', () => {
    expect(textRefusal(table(), 'p0', 'p1')).toBeNull();
    expect(textRefusal(table(), 'p0', 'p5')).toBeNull();
    expect(textRefusal(table(), 'p0', 'p3')?.code).toBe('forbidden');
    expect(textRefusal(table(), 'watcher', 'p0')?.code).toBe('forbidden');
    expect(textRefusal(table(), 'p0', 'watcher')?.code).toBe('forbidden');
    const offline = table();
    offline.users.p1!.isOnline = false;
    expect(textRefusal(offline, 'p0', 'p1')?.code).toBe('not_found');
  });

  it('whispers turned off by the Storyteller stop player-to-player messages only', () => {
    const s = ok(apply(table(), { type: 'whispers', disabled: true }, ST, T0));
    expect(textRefusal(s, 'p0', 'p1')?.code).toBe('forbidden');
    expect(textRefusal(s, 'p0', 'st')).toBeNull();
    expect(code(apply(table(), { type: 'whispers', disabled: true }, P(0), T0))).toBe('forbidden');
  });

  it('at night a character with the open-eyes ability reaches beyond its neighbours', () => {
    const s = table();
    s.seats[0]!.role = {
      id: 'owl',
      name: 'Owl',
      team: 'townsfolk',
      special: [{ type: 'player', name: 'open-eyes' }],
    } as Role;
    expect(textRefusal(s, 'p0', 'p3')?.code).toBe('forbidden');
    s.game.isNight = true;
    expect(textRefusal(s, 'p0', 'p3')).toBeNull();
  });
});

describe('who receives what (privacy)', () => {
  it('a whisper reaches its two ends and moderators; others see only that it exists', () => {
    const s = ok(say(table(), P(0), 'p1', 'psst, I am the Chef'));
    expect(view(s, 'p1').chat.messages[0]!.message).toBe('psst, I am the Chef');
    expect(view(s, 'p0').chat.messages[0]!.message).toBe('psst, I am the Chef');
    expect(view(s, 'mod').chat.messages[0]!.message).toBe('psst, I am the Chef');
    for (const other of ['p2', 'watcher', 'st']) {
      const seen = view(s, other).chat.messages[0]!;
      expect(seen).toMatchObject({ redacted: true, message: '', senderId: 'p0', recipientId: 'p1' });
      expect(JSON.stringify(view(s, other))).not.toContain('Chef');
    }
  });

  it('the spectator channel does not reach seated players', () => {
    const s = ok(say(table(), SPEC, 'spectator', 'they are all lying'));
    expect(view(s, 'p0').chat.messages).toEqual([]);
    expect(view(s, 'st').chat.messages).toHaveLength(1);
  });
});

describe('system messages', () => {
  it(`seat claims are announced and expire after ${SYSTEM_MESSAGE_EXPIRY_MS / 1000} s`, () => {
    const s = tableWith(3);
    const claimed = ok(apply(s, { type: 'claimSeat', index: 1 }, { userId: 'alice', level: 'none' }, T0));
    expect(claimed.chat.messages[0]).toMatchObject({
      isSystem: true,
      recipientId: 'system',
      type: 'seat_claim',
      data: { index: 1, id: 'alice' },
    });
    const next = nextTimedIntent(claimed)!;
    expect(next).toEqual({ at: T0 + SYSTEM_MESSAGE_EXPIRY_MS, intent: { type: 'expireMessages' } });
    expect(ok(apply(claimed, next.intent, SYSTEM, next.at)).chat.messages).toEqual([]);
  });

  it('start, phase and end (with isEvilWin) are announced', () => {
    let s = ok(apply(tableWith(3), { type: 'startGame' }, ST, T0));
    s = ok(apply(s, { type: 'hookEnd' }, SYSTEM, T0 + 5000));
    s = ok(apply(s, { type: 'toggleNight' }, ST, T0 + 20_000));
    s = ok(apply(s, { type: 'endGame', isEvilWin: true }, ST, T0 + 40_000));
    expect(s.chat.messages.map((m) => m.type)).toEqual(['start', 'phase', 'phase', 'end']);
    expect(s.chat.messages.at(-1)!.data).toEqual({ isEvilWin: true });
  });
});

describe('signals (spec 2 §4, spec 3 §5)', () => {
  const night = () => {
    const s = table();
    s.game = { ...s.game, isRunning: true, isNight: true, phase: 1, lastPhase: T0 };
    return s;
  };
  const signal = (
    s: SessionState,
    who: Actor,
    recipients: string[],
    message: { id: string; data?: string[] }[],
    at = T0,
  ) => apply(s, { type: 'signal', message, recipients } as Intent, who, at);

  it('the Storyteller sends cards to an online player; only that player (and grimoire holders) receive it; seen replies', () => {
    const s = ok(signal(night(), ST, ['p2'], [{ id: 'yes' }, { id: 'demon' }]));
    expect(view(s, 'p2').chat.signals).toHaveLength(1);
    expect(view(s, 'st').chat.signals).toHaveLength(1);
    for (const other of ['p0', 'p1', 'p3', 'watcher', 'mod']) expect(view(s, other).chat.signals).toEqual([]);
    const id = s.chat.signals[0]!.id;
    expect(code(apply(s, { type: 'signalSeen', id }, P(3), T0))).toBe('not_found');
    expect(ok(apply(s, { type: 'signalSeen', id }, P(2), T0)).chat.signals[0]!.seenBy).toEqual(['p2']);
  });

  it('a player signals only at night, only the Storyteller, never empty', () => {
    expect(code(signal(night(), P(0), ['st'], [{ id: 'acknowledge' }]))).toBe('ok');
    expect(code(signal(table(), P(0), ['st'], [{ id: 'acknowledge' }]))).toBe('bad_request');
    expect(code(signal(night(), P(0), ['p1'], [{ id: 'acknowledge' }]))).toBe('forbidden');
    expect(code(signal(night(), P(0), ['st'], []))).toBe('bad_request');
  });

  it('neutral only for the General, directions only for the Shugenja, minions up to the count, bluffs exactly 3', () => {
    const s = night();
    expect(code(signal(s, ST, ['p2'], [{ id: 'neutral' }]))).toBe('bad_request');
    expect(code(signal(s, ST, ['p2'], [{ id: 'clockwise' }]))).toBe('bad_request');
    s.seats[2]!.role = { id: 'shugenja', name: 'Shugenja', team: 'townsfolk' };
    expect(code(signal(s, ST, ['p2'], [{ id: 'clockwise' }]))).toBe('ok');
    // Six non-travellers: one minion.
    expect(code(signal(s, ST, ['p2'], [{ id: 'minions', data: ['p0'] }]))).toBe('ok');
    expect(code(signal(s, ST, ['p2'], [{ id: 'minions', data: ['p0', 'p1'] }]))).toBe('bad_request');
    expect(code(signal(s, ST, ['p2'], [{ id: 'bluffs', data: ['a', 'b'] }]))).toBe('bad_request');
    expect(code(signal(s, ST, ['p2'], [{ id: 'bluffs', data: ['a', 'b', 'c'] }]))).toBe('ok');
  });

  it(`the night's signals clear ${SIGNALS_CLEAR_AFTER_DAY_MS / 1000} s after the day begins`, () => {
    let s = ok(signal(night(), ST, ['p2'], [{ id: 'yes' }], T0 + 1000));
    s = ok(apply(s, { type: 'toggleNight' }, ST, T0 + 60_000));
    const due = nextTimedIntent(s)!;
    expect(due).toEqual({ at: T0 + 60_000 + SIGNALS_CLEAR_AFTER_DAY_MS, intent: { type: 'clearSignals' } });
    expect(ok(apply(s, due.intent, SYSTEM, due.at)).chat.signals).toEqual([]);
  });

  it('a player sent the grimoire card sees the grimoire while the signal lasts', () => {
    const s = night();
    s.seats[4]!.role = { id: 'imp', name: 'Imp', team: 'demon' };
    expect(view(s, 'p2').seats[4]!.role).toBeNull();
    const shown = ok(signal(s, ST, ['p2'], [{ id: 'grimoire' }]));
    expect(view(shown, 'p2').seats[4]!.role?.id).toBe('imp');
    expect(view(shown, 'p3').seats[4]!.role).toBeNull();
  });
});

it('a spectator never receives a moderator-only or a whisper text through any view (sanity)', () => {
  const s = ok(say(table(), MOD, '', 'moderator note'));
  expect(view(s, 'watcher').chat.messages[0]!.message).toBe('moderator note');
});
