import { describe, expect, it } from 'vitest';
import { SESSION_FULL_ONLINE } from './constants';
import { joinRefusal, type Joiner } from './join';
import { T0, tableWith, user } from './testing';
import type { SessionState } from './types';

const free: Joiner = { id: 'newbie', level: 'none', expires: null, flags: ['verified-phone'] };
const subscriber: Joiner = { id: 'patron', level: 'patreon-townsfolk', expires: null, flags: [] };
const code = (state: SessionState, joiner: Joiner) => joinRefusal(state, joiner, T0)?.code ?? 'ok';

/** A boosted session with `online` other users online. */
const crowd = (online: number): SessionState => {
  const s = tableWith(5);
  s.boostUntil = T0 + 60_000;
  s.users = {};
  for (let i = 0; i < online; i++) s.users[`u${i}`] = { ...user(`u${i}`), isOnline: true, grimoireAccess: 0 };
  return s;
};

describe('joining (spec 2 §4)', () => {
  it(`refuses a spectator when ${SESSION_FULL_ONLINE} or more are online, but not at ${SESSION_FULL_ONLINE - 1}`, () => {
    expect(code(crowd(SESSION_FULL_ONLINE - 1), subscriber)).toBe('ok');
    expect(code(crowd(SESSION_FULL_ONLINE), subscriber)).toBe('session_full');
  });

  it('lets players, Storytellers and moderators in past the limit; a dropped seated player always gets back in', () => {
    const s = crowd(SESSION_FULL_ONLINE);
    s.seats[0]!.id = 'patron';
    expect(code(s, subscriber)).toBe('ok');
    s.storytellers.push({ id: 'teller', role: null, ability: '', alignment: null, reminders: [] });
    expect(code(s, { ...subscriber, id: 'teller' })).toBe('ok');
    expect(code(s, { ...subscriber, id: 'mod', level: 'special-moderator' })).toBe('ok');
    expect(code(s, { ...subscriber, id: 'someone-else' })).toBe('session_full');
  });

  it('refuses a user without a level when the session has no boost', () => {
    const s = crowd(1);
    expect(code(s, free)).toBe('ok');
    s.boostUntil = T0;
    expect(code(s, free)).toBe('subscription_needed');
    expect(code(s, subscriber)).toBe('ok');
    expect(code(s, { ...subscriber, expires: T0 - 1 })).toBe('subscription_needed');
  });

  it('refuses a forced-private user in a public session', () => {
    const s = crowd(1);
    s.meta.isPublic = true;
    expect(code(s, { ...subscriber, flags: ['forced-private'] })).toBe('forced_private');
    s.meta.isPublic = false;
    expect(code(s, { ...subscriber, flags: ['forced-private'] })).toBe('ok');
  });

  it('a public session needs a verified phone or a level', () => {
    const s = crowd(1);
    s.meta.isPublic = true;
    expect(code(s, { ...free, flags: [] })).toBe('phone_verification_needed');
    expect(code(s, free)).toBe('ok');
    expect(code(s, subscriber)).toBe('ok');
  });

  it('refuses a user on the session ban list', () => {
    const s = crowd(1);
    s.meta.banlist.push('patron');
    expect(code(s, subscriber)).toBe('banned_from_session');
  });
});
