import {
  type Actor,
  apply,
  createSession,
  type Intent,
  MESSAGES_KEPT,
  SPECTATOR_MESSAGES_KEPT,
  type SessionState,
  view,
} from '@belfry/engine';
import { applyPatch } from 'rfc6902';
import { describe, expect, it } from 'vitest';
import { type DiffMemo, diffJson } from './patch';

const T0 = 1_700_000_000_000;
const person = (id: string, level: 'none' | 'special-moderator' | 'patreon-demon' = 'none') => ({
  id,
  username: id,
  pronouns: '',
  level,
  flags: [],
  createdAt: T0,
});
const actor = (id: string, level: Actor['level'] = 'none'): Actor => ({ userId: id, level });

/**
 * Issue 16: the town's 500 messages are diffed from how each list was made (engine listSteps.ts), and a
 * viewer who sees some messages otherwise (whispers as envelopes, the spectators' channel) gets a list
 * made from their previous one. Through many more messages than are kept, of every audience, each
 * viewer's copy patched change by change (as a client does) stays their view, and a message costs
 * the same few operations at 500 kept as at 5.
 */
describe('message lists patched change by change stay every viewer’s own', () => {
  it(`${MESSAGES_KEPT + 300} town messages, whispers, the spectators' ${SPECTATOR_MESSAGES_KEPT} and seat claims`, () => {
    let state: SessionState = createSession({
      sessionId: 'streams',
      owner: person('st', 'patreon-demon'),
      seats: 5,
      now: T0,
    });
    let now = T0;
    const step = (intent: Intent, by: Actor) => {
      const result = apply(state, intent, by, (now += 7));
      if (!result.ok) throw new Error(`${intent.type}: ${result.error.message}`);
      state = result.state;
    };
    const people = [
      person('st', 'patreon-demon'),
      person('alice'),
      person('bob'),
      person('spec'),
      person('mod', 'special-moderator'),
    ];
    for (const user of people) step({ type: 'presence', user, isOnline: true }, { ...actor(''), isSystem: true });
    step({ type: 'claimSeat', index: 0 }, actor('alice'));
    step({ type: 'claimSeat', index: 1 }, actor('bob'));

    const viewers = people.map((p) => p.id);
    const clients = new Map(viewers.map((id) => [id, structuredClone(view(state, id)) as unknown]));
    const last = new Map(viewers.map((id) => [id, view(state, id)]));
    const opsPerChange: number[] = [];
    const kinds: [Intent, Actor][] = [
      [{ type: 'textMessage', message: 'to the town', recipientId: '' }, actor('st')],
      [{ type: 'textMessage', message: 'a whisper to alice', recipientId: 'alice' }, actor('st')],
      [{ type: 'textMessage', message: 'alice to the storyteller', recipientId: 'st' }, actor('alice')],
      [{ type: 'textMessage', message: 'among spectators', recipientId: 'spectator' }, actor('spec')],
      [{ type: 'textMessage', message: 'bob to the town', recipientId: '' }, actor('bob')],
    ];
    // What the server does after each change (its fanout.ts): every viewer's patch, diffs shared.
    const broadcast = () => {
      const memo: DiffMemo = new Map();
      for (const id of viewers) {
        const next = view(state, id);
        const ops = diffJson(last.get(id), next, '', [], memo);
        if (id === 'alice') opsPerChange.push(ops.filter((op) => op.path.startsWith('/chat/messages')).length);
        expect(applyPatch(clients.get(id), structuredClone(ops)).every((r) => r === null)).toBe(true);
        last.set(id, next);
      }
    };
    for (let i = 0; i < MESSAGES_KEPT + 300; i++) {
      const [intent, by] = i % 97 === 0 ? kinds[3]! : kinds[(i * 7) % kinds.length]!;
      step(intent, by);
      broadcast();
      if (i % 50 === 25) {
        step({ type: 'claimSeat', index: -1 }, actor('bob'));
        broadcast();
        step({ type: 'claimSeat', index: 1 }, actor('bob'));
        broadcast();
      }
      if (i % 100 === 0 || i === MESSAGES_KEPT + 299) {
        for (const id of viewers) expect(clients.get(id)).toEqual(JSON.parse(JSON.stringify(view(state, id))));
      }
    }
    expect(state.chat.messages.filter((m) => m.recipientId !== 'spectator')).toHaveLength(MESSAGES_KEPT);
    // At most one add and one remove (the oldest, once the stream is full), however many are kept.
    expect(Math.max(...opsPerChange)).toBeLessThanOrEqual(2);
    expect(opsPerChange.slice(-100).filter((n) => n === 2).length).toBeGreaterThan(50);
  });
});
