import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import {
  HISTORY_KEPT,
  MAX_SESSION_USERS,
  MAX_SIGNALS_PER_PLAYER,
  MAX_STORYTELLERS,
  MESSAGES_KEPT,
  SPECTATOR_MESSAGES_KEPT,
} from './constants';
import type { Intent } from './intents';
import { ALICE, ST, SYSTEM, T0, tableWith, user } from './testing';
import type { Actor, SessionState } from './types';

/** Issue 14: hard caps, so that no client grows a session past a fixed bound. */
const must = (state: SessionState, intent: Intent, actor: Actor, now = T0): SessionState => {
  const result = apply(state, intent, actor, now);
  if (!result.ok) throw new Error(`${intent.type} refused: ${result.error.message}`);
  return result.state;
};

const withSpectator = () => {
  const s = tableWith(5);
  s.seats[0]!.id = 'alice';
  s.users.spec = { ...user('spec'), isOnline: true, grimoireAccess: 0 };
  return s;
};

describe('caps on what one user can add to a session', () => {
  it(`messages are kept per audience: ${MESSAGES_KEPT} in the town's stream, ${SPECTATOR_MESSAGES_KEPT} among spectators`, () => {
    let s = withSpectator();
    s = must(
      s,
      { type: 'textMessage', message: 'spectator 0', recipientId: 'spectator' },
      { userId: 'spec', level: 'none' },
    );
    for (let i = 0; i < MESSAGES_KEPT + 5; i++)
      s = must(s, { type: 'textMessage', message: `town ${i}`, recipientId: '' }, ALICE, T0 + i);
    const town = s.chat.messages.filter((m) => m.recipientId !== 'spectator');
    expect(town).toHaveLength(MESSAGES_KEPT);
    expect(town[0]!.message).toBe('town 5');
    // The town's flood never pushes out the spectators' message, nor the other way round.
    expect(s.chat.messages.filter((m) => m.recipientId === 'spectator')).toHaveLength(1);
    for (let i = 0; i < SPECTATOR_MESSAGES_KEPT + 3; i++)
      s = must(
        s,
        { type: 'textMessage', message: `s ${i}`, recipientId: 'spectator' },
        { userId: 'spec', level: 'none' },
        T0 + 1000 + i,
      );
    expect(s.chat.messages.filter((m) => m.recipientId === 'spectator')).toHaveLength(SPECTATOR_MESSAGES_KEPT);
    expect(s.chat.messages.filter((m) => m.recipientId !== 'spectator')).toHaveLength(MESSAGES_KEPT);
    expect(new Set(s.chat.messages.map((m) => m.msgId)).size).toBe(s.chat.messages.length);
  });

  it(`a player keeps at most ${MAX_SIGNALS_PER_PLAYER} signals out, each at most 2 KB of cards`, () => {
    let s = withSpectator();
    s.game.isNight = true;
    for (let i = 0; i < MAX_SIGNALS_PER_PLAYER; i++)
      s = must(s, { type: 'signal', message: [{ id: 'yes' }], recipients: ['st'] }, ALICE, T0 + i);
    const more = apply(s, { type: 'signal', message: [{ id: 'yes' }], recipients: ['st'] }, ALICE, T0 + 99);
    expect(more.ok ? 'ok' : more.error.code).toBe('limit_reached');
    const night = withSpectator();
    night.game.isNight = true;
    const big = apply(
      night,
      {
        type: 'signal',
        // Within the protocol's shape (20 cards, 20 entries of 64 characters), but 4 KB in all.
        message: [0, 1, 2].map(() => ({
          id: 'custom',
          description: 'x'.repeat(250),
          data: Array(20).fill('y'.repeat(64)),
        })),
        recipients: ['st'],
      },
      ALICE,
      T0,
    );
    expect(big.ok ? 'ok' : big.error.code).toBe('payload_too_large');
    expect(new Set(s.chat.signals.map((x) => x.id)).size).toBe(MAX_SIGNALS_PER_PLAYER);
  });

  it(`histories keep the last ${HISTORY_KEPT} entries; a table has at most ${MAX_STORYTELLERS} Storytellers`, () => {
    let s = tableWith(3);
    s = must(s, { type: 'startGame' }, ST);
    s = must(s, { type: 'hookEnd' }, SYSTEM, T0 + 60_000);
    for (let i = 0; i < HISTORY_KEPT + 10; i++) s = must(s, { type: 'toggleNight' }, ST, T0 + 100_000 + i * 20_000);
    expect(s.game.history).toHaveLength(HISTORY_KEPT);
    let t = tableWith(0);
    for (let i = 1; i < MAX_STORYTELLERS; i++)
      t.users[`co${i}`] = { ...user(`co${i}`), isOnline: true, grimoireAccess: 0 };
    for (let i = 1; i < MAX_STORYTELLERS; i++) t = must(t, { type: 'addStoryteller', id: `co${i}` }, ST);
    const sixth = apply(t, { type: 'addStoryteller', id: 'alice' }, ST, T0);
    expect(sixth.ok ? 'ok' : sixth.error.code).toBe('limit_reached');
  });

  it(`a session remembers ${MAX_SESSION_USERS} people, forgetting the longest-gone who hold nothing`, () => {
    let s = tableWith(2);
    s.seats[0]!.id = 'alice';
    s.users.alice!.isOnline = false;
    s.users.bob!.isOnline = false;
    for (let i = 0; Object.keys(s.users).length < MAX_SESSION_USERS; i++)
      s.users[`u${i}`] = { ...user(`u${i}`), isOnline: false, grimoireAccess: 0 };
    s = must(s, { type: 'addReminder', index: 1, role: 'custom', name: 'hm' }, { userId: 'u0', level: 'none' });
    s = must(s, { type: 'presence', user: user('newcomer'), isOnline: true }, SYSTEM);
    expect(Object.keys(s.users)).toHaveLength(MAX_SESSION_USERS);
    expect(s.users.newcomer).toBeDefined();
    // bob came first but is offline and holds nothing; the seated alice stays.
    expect(s.users.bob).toBeUndefined();
    expect(s.users.alice).toBeDefined();
    s = must(s, { type: 'presence', user: user('second'), isOnline: true }, SYSTEM);
    s = must(s, { type: 'presence', user: user('third'), isOnline: true }, SYSTEM);
    expect(s.users.u0).toBeUndefined();
    expect(s.seats[1]!.notes.u0).toBeUndefined();
  });
});
