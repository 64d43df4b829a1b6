import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { MESSAGES_KEPT, PRIVATE_MESSAGES_KEPT, SPECTATOR_MESSAGES_KEPT, SYSTEM_MESSAGE_EXPIRY_MS } from './constants';
import { hasMessageId, isForEveryone, KEPT, readByEveryone, soonestExpiry, streamOf, withMessage } from './messageList';
import { ALICE, ST, SYSTEM, T0, tableWith } from './testing';
import { nextTimedIntent } from './timed';
import type { SessionState, TextMessage } from './types';

/** What the list's facts must say, counted the slow way. */
const expected = (messages: readonly TextMessage[]) => ({
  everyone: messages.every(isForEveryone),
  soonest: Math.min(Infinity, ...messages.flatMap((m) => (m.expires === undefined ? [] : [m.expires]))),
});

const RECIPIENTS = ['', 'system', 'spectator', 'private', 'alice'] as const;

describe('the message list keeps its facts as messages come and go (issue 16)', () => {
  it(`streams keep ${MESSAGES_KEPT} / ${SPECTATOR_MESSAGES_KEPT} / ${PRIVATE_MESSAGES_KEPT}, the oldest leaving; the facts always match a count`, () => {
    expect(KEPT).toEqual({ town: MESSAGES_KEPT, spectator: SPECTATOR_MESSAGES_KEPT, private: PRIVATE_MESSAGES_KEPT });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            to: fc.constantFrom(...RECIPIENTS),
            expiring: fc.boolean(),
            // Now and then the whole list's expired messages leave (rules/chat.ts expireMessages).
            expire: fc.integer({ min: 0, max: 60 }),
          }),
          { minLength: 800, maxLength: 900 },
        ),
        // Most runs push one stream past its cap.
        fc.constantFrom(...RECIPIENTS),
        (steps, flood) => {
          let list: readonly TextMessage[] = Object.freeze([]);
          let model: TextMessage[] = [];
          let time = T0;
          steps.forEach((step, i) => {
            time += 1000;
            const to = i % 3 === 0 ? step.to : flood;
            const message: TextMessage = {
              msgId: `${time.toString(36)}-x`,
              senderId: 'x',
              recipientId: to,
              message: `m${i}`,
              time,
              isSystem: false,
              isHidden: false,
              ...(step.expiring ? { expires: time + SYSTEM_MESSAGE_EXPIRY_MS } : {}),
            };
            list = withMessage(list, message);
            model.push(message);
            const stream = streamOf(to);
            const inStream = model.filter((m) => streamOf(m.recipientId) === stream);
            if (inStream.length > KEPT[stream]) model.splice(model.indexOf(inStream[0]!), 1);
            if (step.expire === 0) {
              const kept = list.filter((m) => m.expires === undefined || m.expires > time - 100_000);
              list = Object.freeze(kept);
              model = model.filter((m) => kept.includes(m));
            }
            if (i % 100 === 0 || i === steps.length - 1) expect(list).toEqual(model);
            expect(Object.isFrozen(list)).toBe(true);
            const truth = expected(list);
            expect(readByEveryone(list)).toBe(truth.everyone);
            expect(soonestExpiry(list)).toBe(truth.soonest);
          });
        },
      ),
      { numRuns: 20 },
    );
  });

  it(`once the last whisper has left the town's ${MESSAGES_KEPT}, every viewer reads the list as it is`, () => {
    let list: readonly TextMessage[] = Object.freeze([]);
    const add = (i: number, recipientId: string) => {
      const time = T0 + i;
      const message = {
        msgId: `${i}`,
        senderId: 'x',
        recipientId,
        message: '',
        time,
        isSystem: false,
        isHidden: false,
      };
      list = withMessage(list, message);
    };
    for (let i = 0; i < 3; i++) add(i, 'alice');
    expect(readByEveryone(list)).toBe(false);
    for (let i = 3; i < MESSAGES_KEPT + 2; i++) add(i, '');
    expect(readByEveryone(list)).toBe(false);
    add(MESSAGES_KEPT + 2, '');
    expect(list.some((m) => m.recipientId === 'alice')).toBe(false);
    expect(readByEveryone(list)).toBe(true);
  });

  it('an id is found among the messages of its moment only, whatever the list holds before them', () => {
    const m = (time: number, msgId: string): TextMessage => ({
      msgId,
      senderId: '',
      recipientId: '',
      message: '',
      time,
      isSystem: false,
      isHidden: false,
    });
    const list = [m(1, '1-a'), m(5, '5-a'), m(5, '5-a-2'), m(7, '7-b')];
    expect(hasMessageId(list, 5, '5-a')).toBe(true);
    expect(hasMessageId(list, 5, '5-a-2')).toBe(true);
    expect(hasMessageId(list, 5, '5-b')).toBe(false);
    expect(hasMessageId(list, 7, '7-b')).toBe(true);
    expect(hasMessageId([], 7, '7-b')).toBe(false);
  });
});

describe('messages through the rules', () => {
  const must = (state: SessionState, ...args: Parameters<typeof apply> extends [unknown, ...infer R] ? R : never) => {
    const result = apply(state, ...args);
    if (!result.ok) throw new Error(result.error.message);
    return result.state;
  };

  it('a clock that goes back gives a message the newest time, so ids stay unique and expiry in order', () => {
    let s = tableWith(3);
    s = must(s, { type: 'claimSeat', index: 0 }, ALICE, T0 + 5000);
    s = must(s, { type: 'textMessage', message: 'hello', recipientId: '' }, ST, T0 + 5000);
    // The clock steps back a second, then reaches the same moment again.
    s = must(s, { type: 'claimSeat', index: -1 }, ALICE, T0 + 4000);
    s = must(s, { type: 'claimSeat', index: 0 }, ALICE, T0 + 5000);
    const times = s.chat.messages.map((m) => m.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(s.chat.messages.map((m) => m.msgId)).size).toBe(s.chat.messages.length);
    for (const message of s.chat.messages) expect(message.msgId.startsWith(message.time.toString(36))).toBe(true);
  });

  it(`the server's clock asks for the soonest expiry, and expired messages leave (${SYSTEM_MESSAGE_EXPIRY_MS / 1000} s)`, () => {
    let s = tableWith(3);
    for (let i = 0; i < 30; i++) {
      s = must(s, { type: 'claimSeat', index: i % 2 === 0 ? 0 : -1 }, ALICE, T0 + i * 20_000);
      s = must(s, { type: 'textMessage', message: `m${i}`, recipientId: '' }, ST, T0 + i * 20_000 + 1);
      const truth = expected(s.chat.messages).soonest;
      expect(nextTimedIntent(s)).toEqual({ at: truth, intent: { type: 'expireMessages' } });
      const due = nextTimedIntent(s)!;
      if (due.at <= T0 + i * 20_000 + 2) s = must(s, due.intent, SYSTEM, T0 + i * 20_000 + 2);
    }
    expect(s.chat.messages.some((m) => m.expires !== undefined && m.expires <= T0 + 29 * 20_000)).toBe(false);
  });
});
