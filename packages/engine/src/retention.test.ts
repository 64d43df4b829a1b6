/// <reference types="node" />
// Node only for its collector: the rules themselves stay free of Node (README).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { stepOf } from './listSteps';
import { ALICE, BOB, ok, ST, T0, tableWith } from './testing';
import type { SessionState, TextMessage } from './types';
import { view } from './view';

// A full collection on demand, so that what is no longer reachable is seen to go.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** WeakRef targets stay alive until the current job ends: collect after it. */
const collected = async (refs: WeakRef<object>[]) => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  collectGarbage();
  return refs.filter((ref) => ref.deref() === undefined).length;
};

describe('a change leaves alive only what the next change needs (issue 16)', () => {
  it("a player's row of seats is not kept with the state it shows; the rows of a class are shared", async () => {
    let s: SessionState = tableWith(8);
    s = ok(apply(s, { type: 'claimSeat', index: 0 }, ALICE, T0));
    s = ok(apply(s, { type: 'claimSeat', index: 1 }, BOB, T0 + 1));
    const rows = ['alice', 'bob'].map((id) => new WeakRef(view(s, id).seats));
    // The server keeps the state a socket was last sent, seconds until the session's next change; a row
    // per viewer kept with it was copied by every scavenge in between (bench/).
    expect(await collected(rows)).toBe(rows.length);
    // Made again, a player's row is new but holds the same seat objects as the town's.
    const [again, twice, town] = [view(s, 'alice').seats, view(s, 'alice').seats, view(s, 'mod').seats];
    expect(again).not.toBe(twice);
    again.forEach((seat, i) => expect(seat).toBe(twice[i]));
    expect(again[1]).toBe(town[1]);
    expect(again[0]).not.toBe(town[0]);
    // Viewers without a seat share the town's row, Storytellers the grimoire's.
    expect(town).toBe(view(s, 'mod').seats);
    expect(view(s, 'st').seats).toBe(view(s, 'st').seats);
  });

  it('the lists of earlier states, and what viewers were shown of them, are let go', async () => {
    let s: SessionState = tableWith(5);
    s = ok(apply(s, { type: 'claimSeat', index: 0 }, ALICE, T0));
    s = ok(apply(s, { type: 'claimSeat', index: 1 }, BOB, T0 + 1));
    const earlier: WeakRef<object>[] = [];
    let shown: TextMessage[] = [];
    for (let i = 0; i < 60; i++) {
      // A whisper makes every viewer's list their own (view.ts), so both kinds of list are made.
      const recipientId = i === 0 ? 'bob' : '';
      s = ok(apply(s, { type: 'textMessage', message: `m${i}`, recipientId }, ALICE, T0 + 10 + i));
      const next = view(s, 'bob').chat.messages;
      // The diff asks one step back: the new list says how it was made from the one shown before.
      if (i > 0) expect(stepOf(next)?.from).toBe(shown);
      shown = next;
      for (const id of ['st', 'alice']) view(s, id);
      if (i < 50) earlier.push(new WeakRef(s.chat.messages), new WeakRef(shown));
    }
    expect(s.chat.messages.length).toBeGreaterThan(60);
    expect(await collected(earlier)).toBe(earlier.length);
    expect(view(s, 'bob').chat.messages).toBe(shown);
  });

  it('a list made from the state before still says how, whatever came before that', () => {
    let s = tableWith(3);
    s = ok(apply(s, { type: 'textMessage', message: 'one', recipientId: '' }, ST, T0));
    const before = s.chat.messages;
    s = ok(apply(s, { type: 'textMessage', message: 'two', recipientId: '' }, ST, T0 + 1));
    expect(stepOf(s.chat.messages)).toEqual({ from: before, removed: -1 });
    expect(stepOf(before)).toBeUndefined();
  });
});
