import { describe, expect, it } from 'vitest';
import { apply } from '../apply';
import { SESSION_BOOST_MS } from '../constants';
import type { Intent } from '../intents';
import { ALICE, BOB, code, MOD, ok, ST, SYSTEM, T0, tableWith, user } from '../testing';
import type { Actor, SessionState } from '../types';
import { view } from '../view';
import { chatServerRefusal, normalizeTags } from './meta';

const act = (s: SessionState, actor: Actor, intent: Intent) => apply(s, intent, actor, T0);

describe('grimoire access (spec 2 §4: 0 none, 1 requested, 2 denied or revoked, 3 granted)', () => {
  it('a spectator requests (1); the Storyteller grants (3) or denies (2); the toggle flips between 3 and 2', () => {
    let s = ok(act(tableWith(3), ALICE, { type: 'requestGrimoire', id: 'alice', status: 'request' }));
    expect(s.users.alice!.grimoireAccess).toBe(1);
    expect(code(act(s, BOB, { type: 'requestGrimoire', id: 'alice', status: 'receive' }))).toBe('forbidden');
    s = ok(act(s, ST, { type: 'requestGrimoire', id: 'alice', status: 'receive' }));
    expect(s.users.alice!.grimoireAccess).toBe(3);
    s = ok(act(s, ST, { type: 'requestGrimoire', id: 'alice', status: 'deny' }));
    expect(s.users.alice!.grimoireAccess).toBe(2);
    s = ok(act(s, ST, { type: 'requestGrimoire', id: 'alice', status: 'receive' }));
    expect(s.users.alice!.grimoireAccess).toBe(3);
  });

  it('the Storyteller grants only to a user whose state is at least 1', () => {
    expect(code(act(tableWith(3), ST, { type: 'requestGrimoire', id: 'alice', status: 'receive' }))).toBe(
      'bad_request',
    );
  });

  it('a request is ignored when access is granted already or the public session grimoire tag is 2', () => {
    const s = tableWith(3);
    s.meta.isPublic = true;
    s.meta.tags.grimoire = 2;
    expect(
      ok(act(s, ALICE, { type: 'requestGrimoire', id: 'alice', status: 'request' })).users.alice!.grimoireAccess,
    ).toBe(0);
    const granted = tableWith(3);
    granted.users.alice!.grimoireAccess = 3;
    expect(
      ok(act(granted, ALICE, { type: 'requestGrimoire', id: 'alice', status: 'request' })).users.alice!.grimoireAccess,
    ).toBe(3);
  });

  it('a new user without a level in a public session is refused (the client shows the prompt_grim alert)', () => {
    const s = tableWith(3);
    s.meta.isPublic = true;
    s.users.alice!.flags = ['newuser'];
    expect(code(act(s, ALICE, { type: 'requestGrimoire', id: 'alice', status: 'request' }))).toBe(
      'grimoire_not_allowed',
    );
    expect(
      code(act(s, { ...ALICE, isSubscribed: true }, { type: 'requestGrimoire', id: 'alice', status: 'request' })),
    ).toBe('ok');
  });

  it('a seated player cannot ask; the view follows the grant and the revoke', () => {
    let s = tableWith(3);
    s.seats[0] = { ...s.seats[0]!, id: 'bob', role: { id: 'imp', name: 'Imp', team: 'demon' } };
    expect(code(act(s, BOB, { type: 'requestGrimoire', id: 'bob', status: 'request' }))).toBe('forbidden');
    s = ok(act(s, ALICE, { type: 'requestGrimoire', id: 'alice', status: 'request' }));
    expect(view(s, 'alice').seats[0]!.role).toBeNull();
    s = ok(act(s, ST, { type: 'requestGrimoire', id: 'alice', status: 'receive' }));
    expect(view(s, 'alice').seats[0]!.role?.id).toBe('imp');
    s = ok(act(s, ST, { type: 'requestGrimoire', id: 'alice', status: 'remove' }));
    expect(s.users.alice!.grimoireAccess).toBe(2);
    expect(view(s, 'alice').seats[0]!.role).toBeNull();
  });
});

describe('co-storytellers (spec 2 §4)', () => {
  it('a request waits for a Storyteller, who confirms or declines; asking again withdraws', () => {
    let s = ok(act(tableWith(3), ALICE, { type: 'requestStoryteller' }));
    expect(s.storytellerRequests).toEqual(['alice']);
    expect(code(act(s, BOB, { type: 'respondStoryteller', id: 'alice', accept: true }))).toBe('forbidden');
    const declined = ok(act(s, ST, { type: 'respondStoryteller', id: 'alice', accept: false }));
    expect(declined.storytellerRequests).toEqual([]);
    expect(declined.storytellers.map((x) => x.id)).toEqual(['st']);
    s = ok(act(s, MOD, { type: 'respondStoryteller', id: 'alice', accept: true }));
    expect(s.storytellers.map((x) => x.id)).toEqual(['st', 'alice']);
    const withdrawn = ok(
      act(ok(act(tableWith(3), BOB, { type: 'requestStoryteller' })), BOB, { type: 'requestStoryteller' }),
    );
    expect(withdrawn.storytellerRequests).toEqual([]);
  });

  it('an existing co-storyteller can be removed by a Storyteller', () => {
    let s = ok(act(tableWith(3), ST, { type: 'addStoryteller', id: 'alice' }));
    s = ok(act(s, ST, { type: 'removeStoryteller', id: 'alice' }));
    expect(s.storytellers.map((x) => x.id)).toEqual(['st']);
  });
});

describe('kick (spec 2 §5: only a Storyteller or moderator)', () => {
  it('puts the user on the ban list, frees their seat and ends their roles', () => {
    let s = tableWith(3);
    s.seats[1]!.id = 'alice';
    expect(code(act(s, BOB, { type: 'kickUser', id: 'alice' }))).toBe('forbidden');
    s = ok(act(s, ST, { type: 'kickUser', id: 'alice' }));
    expect(s.meta.banlist).toEqual(['alice']);
    expect(s.seats[1]!.id).toBe('');
    expect(s.users.alice!.isOnline).toBe(false);
    expect(code(act(s, MOD, { type: 'kickUser', id: 'bob' }))).toBe('ok');
    expect(code(act(s, ST, { type: 'kickUser', id: 'st' }))).toBe('bad_request');
  });
});

describe('chat server (spec 2 §5, §7 updateServer)', () => {
  it('refuses a chat server with 200 users or more, and one that is unknown or not answering', () => {
    expect(chatServerRefusal(0)).toBeNull();
    expect(chatServerRefusal(199)).toBeNull();
    expect(chatServerRefusal(200)?.code).toBe('chat_server_full');
    expect(chatServerRefusal(350)?.code).toBe('chat_server_full');
    expect(chatServerRefusal(undefined)?.code).toBe('chat_server_unavailable');
  });

  it('only a Storyteller changes it, never to the one in use, never to a full one', () => {
    const table = tableWith(3);
    table.meta.chatServer = 'eu.example:8090';
    expect(code(act(table, ALICE, { type: 'updateServer', host: 'us.example:8090', users: 3 }))).toBe('forbidden');
    expect(code(act(table, ST, { type: 'updateServer', host: 'eu.example:8090', users: 3 }))).toBe(
      'chat_server_current',
    );
    expect(code(act(table, ST, { type: 'updateServer', host: 'us.example:8090', users: 200 }))).toBe(
      'chat_server_full',
    );
    expect(code(act(table, ST, { type: 'updateServer', host: 'us.example:8090' }))).toBe('chat_server_unavailable');
    const s = ok(act(table, ST, { type: 'updateServer', host: 'us.example:8090', users: 199 }));
    expect(s.meta.chatServer).toBe('us.example:8090');
    expect(view(s, 'alice').meta.chatServer).toBe('us.example:8090');
  });
});

describe('session meta (spec 2 §4)', () => {
  it('only the Storyteller changes it, and only isPublic, language and tags', () => {
    expect(code(act(tableWith(3), ALICE, { type: 'updateMeta', isPublic: true }))).toBe('forbidden');
    const s = ok(act(tableWith(3), ST, { type: 'updateMeta', isPublic: true, language: 'de', tags: { cameras: 2 } }));
    expect(s.meta).toMatchObject({ isPublic: true, language: 'de', tags: { cameras: 2 } });
    expect(code(act(tableWith(3), ST, { type: 'updateMeta', language: 'not a language' }))).toBe('bad_request');
  });

  it('homebrew forces difficulty 1; difficulty 2 resets to 0 unless the edition is a beginner one', () => {
    const tags = {
      difficulty: 2 as const,
      cameras: 0 as const,
      travellers: 0 as const,
      grimoire: 0 as const,
      locked: false,
      streaming: false,
    };
    expect(normalizeTags(tags, { id: 'homebrew', level: 'veteran' }).difficulty).toBe(1);
    expect(normalizeTags(tags, { id: 'bmr', level: 'intermediate' }).difficulty).toBe(0);
    expect(normalizeTags(tags, { id: 'tb', level: 'beginner' }).difficulty).toBe(2);
    expect(normalizeTags({ ...tags, difficulty: 1 }, { id: 'snv', level: 'veteran' }).difficulty).toBe(1);
  });
});

describe('boost', () => {
  it(`a subscribed Storyteller arriving opens the session for ${SESSION_BOOST_MS / 60_000} minutes`, () => {
    const s = tableWith(3);
    const intent: Intent = { type: 'presence', user: user('st'), isOnline: true };
    expect(ok(apply(s, intent, SYSTEM, T0)).boostUntil).toBe(0);
    expect(ok(apply(s, { ...intent, isSubscribed: true }, SYSTEM, T0)).boostUntil).toBe(T0 + SESSION_BOOST_MS);
    const player: Intent = { type: 'presence', user: user('alice'), isOnline: true, isSubscribed: true };
    expect(ok(apply(s, player, SYSTEM, T0)).boostUntil).toBe(0);
    // While a subscribed Storyteller stays online, the server renews it now and then, an hour ahead.
    const later = T0 + SESSION_BOOST_MS - 1000;
    const online = tableWith(3);
    online.users.st!.isOnline = true;
    const renewed = ok(apply(online, { type: 'boost', by: 'st' }, SYSTEM, later));
    expect(renewed.boostUntil).toBe(later + SESSION_BOOST_MS);
    expect(ok(apply(online, { type: 'boost', by: 'alice' }, SYSTEM, later)).boostUntil).toBe(0);
    expect(code(apply(online, { type: 'boost', by: 'st' }, { ...ST, isSubscribed: true }, later))).toBe('forbidden');
  });
});
