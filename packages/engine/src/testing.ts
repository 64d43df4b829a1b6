import type { ApplyResult } from './apply';
import { createSession } from './session';
import type { Actor, SessionState } from './types';

/** Small builders for the engine's own tests. */
export const T0 = 1_700_000_000_000;
export const ST: Actor = { userId: 'st', level: 'patreon-townsfolk' };
export const ALICE: Actor = { userId: 'alice', level: 'none' };
export const BOB: Actor = { userId: 'bob', level: 'none' };
export const MOD: Actor = { userId: 'mod', level: 'special-moderator' };
export const SYSTEM: Actor = { userId: '', level: 'none', isSystem: true };

export const user = (id: string) => ({
  id,
  username: id,
  pronouns: '',
  level: 'none' as const,
  flags: [],
  createdAt: T0,
});

/** A session run by `st` with the given number of empty seats and alice, bob and mod online. */
export const tableWith = (seats: number): SessionState => {
  const state = createSession({ sessionId: 'abc', owner: user('st'), seats, now: T0 });
  for (const id of ['alice', 'bob', 'mod']) {
    state.users[id] = { ...user(id), isOnline: true, grimoireAccess: 0 };
  }
  state.users.mod!.level = 'special-moderator';
  return state;
};

/** The state after an intent the rules must accept (a refusal fails the test with its code and words). */
export const ok = (r: ApplyResult): SessionState => {
  if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
  return r.state;
};

/** 'ok', or the refusal's code. */
export const code = (r: ApplyResult): string => (r.ok ? 'ok' : r.error.code);
