import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { PUBLIC_ROOMS, WHISPER_ALONE_MS, WHISPER_REQUEST_MS } from './constants';
import type { Intent } from './intents';
import { code, ok, ST, SYSTEM, T0, tableWith, user } from './testing';
import { nextTimedIntent } from './timed';
import type { Actor, SessionState } from './types';
import { view } from './view';
import { PUBLIC_ROOM_IDS } from './whispers';

const P = (i: number): Actor => ({ userId: `p${i}`, level: 'none' });
const SPEC: Actor = { userId: 'watcher', level: 'none' };
const MOD: Actor = { userId: 'mod', level: 'special-moderator' };
const act = (s: SessionState, who: Actor, intent: Intent, at = T0) => apply(s, intent, who, at);

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
const ask = (s: SessionState, from: Actor, to: string, at = T0) => act(s, from, { type: 'whisperRequest', to }, at);
/** p0 and p1 (neighbours) whispering together. */
const whispering = (): SessionState => ok(ask(ok(ask(table(), P(0), 'p1')), P(1), 'p0', T0 + 1000));

describe('whisper requests (spec 2 §4: a request, then a mutual request opens a shared channel)', () => {
  it('a single request waits; the answer opens one private channel for both', () => {
    const asked = ok(ask(table(), P(0), 'p1'));
    expect(asked.chat.whisperRequests).toEqual([{ from: 'p0', to: 'p1', at: T0 }]);
    expect(asked.chat.channels).toEqual({});
    const both = ok(ask(asked, P(1), 'p0', T0 + 1000));
    expect(both.chat.whisperRequests).toEqual([]);
    expect(both.chat.channels.p0).toMatch(/^whisper-/);
    expect(both.chat.channels.p1).toBe(both.chat.channels.p0);
  });

  it('requests expire after 10 s: an answer at 10 s is a new request, not a match', () => {
    const asked = ok(ask(table(), P(0), 'p1'));
    const late = ok(ask(asked, P(1), 'p0', T0 + WHISPER_REQUEST_MS));
    expect(WHISPER_REQUEST_MS).toBe(10_000);
    expect(late.chat.channels).toEqual({});
    expect(late.chat.whisperRequests).toEqual([{ from: 'p1', to: 'p0', at: T0 + WHISPER_REQUEST_MS }]);
    const justInTime = ok(ask(asked, P(1), 'p0', T0 + WHISPER_REQUEST_MS - 1));
    expect(justInTime.chat.channels.p0).toBeDefined();
  });

  it('the timed step drops lapsed requests 10 s after they were made', () => {
    const asked = ok(ask(table(), P(0), 'p1'));
    expect(nextTimedIntent(asked)).toEqual({ at: T0 + 10_000, intent: { type: 'whisperTimeout' } });
    const early = ok(act(asked, SYSTEM, { type: 'whisperTimeout' }, T0 + 9_999));
    expect(early.chat.whisperRequests).toHaveLength(1);
    const lapsed = ok(act(asked, SYSTEM, { type: 'whisperTimeout' }, T0 + 10_000));
    expect(lapsed.chat.whisperRequests).toEqual([]);
    expect(code(act(asked, P(0), { type: 'whisperTimeout' }, T0 + 10_000))).toBe('forbidden');
  });

  it('between players only neighbours (spec 2 §6); a non-neighbour is refused', () => {
    expect(code(ask(table(), P(0), 'p2'))).toBe('forbidden');
    expect(code(ask(table(), P(0), 'p3'))).toBe('forbidden');
    expect(code(ask(table(), P(0), 'p5'))).toBe('ok');
  });

  it('the Storyteller may be asked by anyone seated and may ask any seated player', () => {
    expect(code(ask(table(), P(3), 'st'))).toBe('ok');
    expect(code(ask(table(), ST, 'p3'))).toBe('ok');
  });

  it('spectators cannot request private chat, nor be asked by a player', () => {
    expect(code(ask(table(), SPEC, 'st'))).toBe('forbidden');
    expect(code(ask(table(), ST, 'watcher'))).toBe('forbidden');
  });

  it('needs an online partner, not oneself, and whispers not turned off', () => {
    const s = table();
    s.users.p1!.isOnline = false;
    expect(code(ask(s, P(0), 'p1'))).toBe('not_found');
    expect(code(ask(table(), P(0), 'p0'))).toBe('bad_request');
    const off = ok(act(table(), ST, { type: 'whispers', disabled: true }));
    expect(code(ask(off, P(0), 'p1'))).toBe('forbidden');
    expect(code(ask(off, P(0), 'st'))).toBe('ok');
  });

  it('nobody whispers at night or during a nomination', () => {
    const night = table();
    night.game.isNight = true;
    expect(code(ask(night, P(0), 'p1'))).toBe('whispers_closed');
    const nominated = ok(act(table(), ST, { type: 'nomination', nominator: 0, nominee: 3 }));
    expect(code(ask(nominated, P(0), 'p1'))).toBe('whispers_closed');
  });

  it('withdrawing or declining removes the request between the two', () => {
    const asked = ok(ask(table(), P(0), 'p1'));
    expect(ok(act(asked, P(1), { type: 'whisperRemove', to: 'p0' })).chat.whisperRequests).toEqual([]);
    expect(ok(act(asked, P(0), { type: 'whisperRemove', to: 'p1' })).chat.whisperRequests).toEqual([]);
  });
});

describe('channels (spec 2 §4)', () => {
  it('night and nominations return everyone to the town square', () => {
    const night = ok(act(whispering(), ST, { type: 'toggleNight' }, T0 + 60_000));
    expect(night.game.isNight).toBe(true);
    expect(night.chat.channels).toEqual({});
    const nominated = ok(act(whispering(), ST, { type: 'nomination', nominator: 2, nominee: 3 }));
    expect(nominated.chat.channels).toEqual({});
  });

  it('an empty private channel is left after 5 s', () => {
    const s = whispering();
    const left = ok(act(s, P(1), { type: 'whisperRemove' }, T0 + 2000));
    expect(left.chat.channels.p1).toBeUndefined();
    expect(left.chat.aloneSince[left.chat.channels.p0!]).toBe(T0 + 2000);
    expect(nextTimedIntent(left)).toEqual({ at: T0 + 2000 + WHISPER_ALONE_MS, intent: { type: 'whisperTimeout' } });
    const stillThere = ok(act(left, SYSTEM, { type: 'whisperTimeout' }, T0 + 2000 + 4_999));
    expect(stillThere.chat.channels.p0).toBeDefined();
    const gone = ok(act(left, SYSTEM, { type: 'whisperTimeout' }, T0 + 2000 + 5_000));
    expect(gone.chat.channels).toEqual({});
    expect(gone.chat.aloneSince).toEqual({});
  });

  it('a partner going offline leaves the other alone; coming back in time keeps the whisper', () => {
    const s = whispering();
    const offline = ok(act(s, SYSTEM, { type: 'presence', user: user('p1'), isOnline: false }, T0 + 2000));
    expect(Object.keys(offline.chat.aloneSince)).toHaveLength(1);
    const back = ok(act(offline, SYSTEM, { type: 'presence', user: user('p1'), isOnline: true }, T0 + 4000));
    expect(back.chat.aloneSince).toEqual({});
    expect(back.chat.channels.p1).toBe(back.chat.channels.p0);
  });

  it('five public rooms; toggling the same room leaves it', () => {
    expect(PUBLIC_ROOMS).toBe(5);
    expect(PUBLIC_ROOM_IDS).toEqual(['room-1', 'room-2', 'room-3', 'room-4', 'room-5']);
    const inRoom = ok(act(table(), P(2), { type: 'channel', channel: 'room-3' }));
    expect(inRoom.chat.channels.p2).toBe('room-3');
    const other = ok(act(inRoom, P(2), { type: 'channel', channel: 'room-1' }));
    expect(other.chat.channels.p2).toBe('room-1');
    const left = ok(act(other, P(2), { type: 'channel', channel: 'room-1' }));
    expect(left.chat.channels.p2).toBeUndefined();
    expect(code(act(table(), P(2), { type: 'channel', channel: 'room-6' }))).toBe('bad_request');
  });

  it('public rooms are closed at night and during nominations', () => {
    const night = table();
    night.game.isNight = true;
    expect(code(act(night, P(2), { type: 'channel', channel: 'room-1' }))).toBe('rooms_closed');
    const nominated = ok(act(table(), ST, { type: 'nomination', nominator: 0, nominee: 3 }));
    expect(code(act(nominated, P(2), { type: 'channel', channel: 'room-1' }))).toBe('rooms_closed');
  });

  it('private channels need grimoire access', () => {
    const s = whispering();
    const channel = s.chat.channels.p0!;
    expect(code(act(s, P(3), { type: 'channel', channel }))).toBe('forbidden');
    expect(code(act(s, P(3), { type: 'channel', channel: 'private' }))).toBe('forbidden');
    const joined = ok(act(s, ST, { type: 'channel', channel }));
    expect(joined.chat.channels.st).toBe(channel);
    expect(code(act(s, ST, { type: 'channel', channel: 'whisper-none' }))).toBe('not_found');
  });

  it('claiming a seat clears the chat channel', () => {
    const s = table();
    s.seats.push({ ...s.seats[0]!, id: '' });
    s.users.watcher!.grimoireAccess = 3;
    const inRoom = ok(act(s, SPEC, { type: 'channel', channel: 'room-2' }));
    const seated = ok(act(inRoom, SPEC, { type: 'claimSeat', index: 6 }));
    expect(seated.chat.channels.watcher).toBeUndefined();
  });

  it('by day, someone in a channel does not write to the town square (spec 2 §5)', () => {
    const s = whispering();
    expect(code(act(s, P(0), { type: 'textMessage', message: 'hi all', recipientId: '' }))).toBe('forbidden');
    expect(code(act(s, P(2), { type: 'textMessage', message: 'hi all', recipientId: '' }))).toBe('ok');
  });
});

describe('what each viewer sees of whispers (spec 2 §4: others only as a count)', () => {
  it('members see their channel; other players see only that someone whispers', () => {
    const s = whispering();
    const channel = s.chat.channels.p0!;
    expect(view(s, 'p0').chat.channels).toEqual({ p0: channel, p1: channel });
    expect(view(s, 'p3').chat.channels).toEqual({ p0: 'whisper', p1: 'whisper' });
    expect(view(s, 'watcher').chat.channels).toEqual({ p0: 'whisper', p1: 'whisper' });
    expect(view(s, 'st').chat.channels).toEqual({ p0: channel, p1: channel });
    expect(view(s, 'mod').chat.channels).toEqual({ p0: channel, p1: channel });
  });

  it('requests are seen by their two ends only', () => {
    const asked = ok(ask(table(), P(0), 'p1'));
    expect(view(asked, 'p1').chat.whisperRequests).toHaveLength(1);
    expect(view(asked, 'p0').chat.whisperRequests).toHaveLength(1);
    expect(view(asked, 'p3').chat.whisperRequests).toEqual([]);
  });

  it('public rooms are public', () => {
    const inRoom = ok(act(table(), P(2), { type: 'channel', channel: 'room-4' }));
    expect(view(inRoom, 'p5').chat.channels).toEqual({ p2: 'room-4' });
  });

  it('moderators see every channel', () => {
    expect(view(whispering(), MOD.userId).chat.channels.p0).toMatch(/^whisper-/);
  });
});
