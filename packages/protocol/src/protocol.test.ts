import { describe, expect, it } from 'vitest';
import { clientMessages, isClientEvent } from './socket';
import { type DiffMemo, diffJson, diffViews, patchView } from './patch';
import { createSessionBody, phoneNumber, registerBody, verificationCode } from './rest';

describe('socket message schemas', () => {
  it('accepts a seat claim and a negative vacate index', () => {
    expect(clientMessages.claimSeat.safeParse({ index: 3 }).success).toBe(true);
    expect(clientMessages.claimSeat.safeParse({ index: -1 }).success).toBe(true);
  });

  it('refuses wrong shapes, extra keys and seats beyond the 20-player limit', () => {
    for (const bad of [{}, { index: '3' }, { index: 1.5 }, { index: 20 }, { index: 1, extra: true }, null, 'x']) {
      expect(clientMessages.claimSeat.safeParse(bad).success).toBe(false);
    }
    expect(clientMessages.updateSeats.safeParse({ op: 'add', count: 21 }).success).toBe(false);
    expect(clientMessages.updateSeats.safeParse({ op: 'explode', count: 1 }).success).toBe(false);
  });

  it('knows its event names and nothing else', () => {
    expect(isClientEvent('claimSeat')).toBe(true);
    expect(isClientEvent('toString')).toBe(false);
    expect(isClientEvent('__proto__')).toBe(false);
  });
});

describe('REST bodies (spec 2 §5)', () => {
  it('register: valid e-mail, password of at least 6, username 3–150, terms accepted, a captcha', () => {
    const good = { email: 'a@b.co', password: '123456', username: 'abc', acceptsTerms: true, captcha: 'x' };
    expect(registerBody.safeParse(good).success).toBe(true);
    expect(registerBody.parse(good).acceptsMarketing).toBe(false);
    for (const change of [
      { email: 'nope' },
      { password: '12345' },
      { username: 'ab' },
      { username: 'x'.repeat(151) },
      { acceptsTerms: false },
      { captcha: '' },
      { extra: 1 },
    ]) {
      expect(registerBody.safeParse({ ...good, ...change }).success, JSON.stringify(change)).toBe(false);
    }
  });

  it('phone: digits only, leading zeros stripped, 1–14 digits (spec 2 §5)', () => {
    expect(phoneNumber.parse('007700900123')).toBe('7700900123');
    expect(phoneNumber.safeParse('12345678901234').success).toBe(true);
    for (const bad of ['', '0', '000', '123456789012345', '12 34', '+44'])
      expect(phoneNumber.safeParse(bad).success, bad).toBe(false);
  });

  it('verification codes are digits only, exactly 6', () => {
    expect(verificationCode.safeParse('012345').success).toBe(true);
    for (const bad of ['12345', '1234567', 'abcdef', '12 345'])
      expect(verificationCode.safeParse(bad).success).toBe(false);
  });

  it('a session name is trimmed and lower-cased, 3–20 characters', () => {
    expect(createSessionBody.parse({ name: '  MyGame ' }).name).toBe('mygame');
    expect(createSessionBody.safeParse({ name: 'ab' }).success).toBe(false);
    expect(createSessionBody.safeParse({ name: 'a'.repeat(21) }).success).toBe(false);
  });
});

describe('view patches', () => {
  it('turns one view into the next', () => {
    const a = { seats: [{ id: '' }, { id: '' }], version: 3 };
    const b = { seats: [{ id: 'u1' }, { id: '' }], version: 4 };
    const patch = diffViews(3, 4, a, b);
    expect(patch.ops.length).toBeGreaterThan(0);
    expect(patchView(a, patch)).toEqual(b);
    expect(a.seats[0]!.id).toBe('');
  });

  it('reports a patch that does not fit', () => {
    const patch = { from: 1, to: 2, ops: [{ op: 'replace' as const, path: '/missing/deep', value: 1 }] };
    expect(patchView({ a: 1 }, patch)).toBeNull();
  });
});

describe('diffJson', () => {
  const roundTrip = (a: unknown, b: unknown) => {
    const patch = diffViews(1, 2, a, b);
    expect(patchView(a, patch)).toEqual(b);
    return patch.ops;
  };

  it('changes only what changed, position by position', () => {
    const seats = Array.from({ length: 20 }, (_, i) => ({ id: '', name: `s${i}`, reminders: [] as string[] }));
    const next = seats.map((s, i) => (i === 7 ? { ...s, id: 'u7' } : { ...s }));
    expect(roundTrip({ seats, version: 1 }, { seats: next, version: 2 })).toEqual([
      { op: 'replace', path: '/seats/7/id', value: 'u7' },
      { op: 'replace', path: '/version', value: 2 },
    ]);
  });

  it('handles added and removed keys and array items, nulls and escaped keys', () => {
    roundTrip({ a: [1, 2, 3], b: { x: 1 }, 'c/d': 1 }, { a: [1], b: null, 'c/d': 2, e: { f: [true] } });
    roundTrip({ a: [1] }, { a: [1, 2, { z: 'q' }] });
    roundTrip({ a: { 'til~de': 1 } }, { a: { 'til~de': 2 } });
    roundTrip([1, 2], { now: 'object' });
  });

  it('a key whose value was undefined (no key in JSON) is added once, not replaced', () => {
    expect(diffJson({ a: undefined }, { a: 1 })).toEqual([{ op: 'add', path: '/a', value: 1 }]);
  });

  it('with a memo, a pair of objects met again at the same path gives the same operations, made once (issue 16)', () => {
    const seatsBefore = Array.from({ length: 20 }, (_, i) => ({ id: '', name: `s${i}` }));
    const seatsAfter = seatsBefore.map((s, i) => (i === 3 ? { ...s, id: 'u3' } : s));
    // Two viewers' views: their own roots and seat lists, the seat objects shared (as engine view.ts does).
    const viewer = (seats: object[], who: string) => ({ viewer: who, seats: [...seats] });
    const memo: DiffMemo = new Map();
    const a = diffJson(viewer(seatsBefore, 'a'), viewer(seatsAfter, 'a'), '', [], memo);
    const b = diffJson(viewer(seatsBefore, 'b'), viewer(seatsAfter, 'b'), '', [], memo);
    expect(a).toEqual([{ op: 'replace', path: '/seats/3/id', value: 'u3' }]);
    expect(b).toEqual(a);
    expect(b[0]).toBe(a[0]);
    expect(diffJson(viewer(seatsBefore, 'c'), viewer(seatsAfter, 'c'))).toEqual(a);
  });

  it('produces nothing for equal values', () => {
    expect(diffJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });
});

describe('append-only lists are diffed by key (issue 16: a message costs the same at 500 kept as at 5)', () => {
  const message = (n: number) => ({ msgId: `m${n}`, senderId: 'a', message: `text ${n}` });
  const chatOf = (from: number, to: number) => ({
    chat: { messages: Array.from({ length: to - from }, (_, i) => message(from + i)) },
  });
  const roundTrip = (a: unknown, b: unknown) => {
    const patch = diffViews(1, 2, a, b);
    expect(patchView(a, patch)).toEqual(b);
    return patch.ops;
  };

  it('a new message at 5 kept and at 500 kept (the oldest dropping out) costs one or two operations', () => {
    expect(roundTrip(chatOf(0, 5), chatOf(0, 6))).toEqual([{ op: 'add', path: '/chat/messages/5', value: message(5) }]);
    expect(roundTrip(chatOf(0, 500), chatOf(1, 501))).toEqual([
      { op: 'remove', path: '/chat/messages/0' },
      { op: 'add', path: '/chat/messages/499', value: message(500) },
    ]);
  });

  it('items leaving from the middle, changing in place, and lists that reorder (positional fallback)', () => {
    const signals = (seen: string[][]) => ({
      chat: { signals: seen.map((seenBy, i) => ({ id: `s${i}`, seenBy })) },
    });
    expect(roundTrip(signals([[], []]), signals([[], ['p1']]))).toEqual([
      { op: 'add', path: '/chat/signals/1/seenBy/0', value: 'p1' },
    ]);
    const a = chatOf(0, 6);
    const b = { chat: { messages: [message(0), message(2), message(3), message(5), message(6)] } };
    expect(roundTrip(a, b).filter((op) => op.op === 'remove')).toHaveLength(2);
    roundTrip(chatOf(0, 3), { chat: { messages: [message(2), message(0), message(1)] } });
  });
});
