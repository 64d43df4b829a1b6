import type { ModeratedUser } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import { changesOf, draftErrors, draftOf, unbanBody } from './userDraft';

const user: ModeratedUser = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.test',
  level: 'none',
  flags: ['verified-email'],
  createdAt: 0,
  pronouns: '',
  expires: null,
  updatedAt: 0,
};

describe('the moderation edit form (spec 2 §5 Moderation)', () => {
  it('saves nothing until a field changed, then only that field', () => {
    const draft = draftOf(user);
    expect(changesOf(user, draft, true)).toBeNull();
    expect(changesOf(user, { ...draft, pronouns: 'she' }, true)).toEqual({ user: { pronouns: 'she' } });
    expect(changesOf(user, { ...draft, flags: ['verified-email'] }, true)).toBeNull();
  });

  it('leaves e-mail and level to special-tpi', () => {
    const draft = { ...draftOf(user), email: 'new@example.test', level: 'special-free' };
    expect(changesOf(user, draft, false)).toBeNull();
    expect(changesOf(user, draft, true)).toEqual({ user: { email: 'new@example.test', level: 'special-free' } });
  });

  it('needs a username of at least 3 characters and an e-mail', () => {
    expect(draftErrors(user, { ...draftOf(user), username: 'ab ' })).toEqual(['username']);
    expect(draftErrors(user, { ...draftOf(user), username: 'x'.repeat(51) })).toEqual(['username']);
    expect(draftErrors(user, { ...draftOf(user), email: 'nope' })).toEqual(['email']);
  });

  it('needs a reason (at most 200) or an existing ban when the banned flag is set; hours above 0, at most 87,600', () => {
    const banned = { ...draftOf(user), flags: [...user.flags, 'banned'] };
    expect(draftErrors(user, banned)).toEqual(['ban_reason']);
    expect(draftErrors(user, { ...banned, banReason: 'x'.repeat(201) })).toEqual(['ban_reason']);
    expect(draftErrors(user, { ...banned, banReason: 'spam', banHours: '0' })).toEqual(['ban_hours']);
    expect(draftErrors(user, { ...banned, banReason: 'spam', banHours: '87601' })).toEqual(['ban_hours']);
    expect(draftErrors(user, { ...banned, banMode: 'existing' })).toEqual(['ban_choice']);
    expect(changesOf(user, { ...banned, banReason: ' spam ', banHours: '24' }, false)).toEqual({
      user: { flags: ['verified-email', 'banned'] },
      ban: { reason: 'spam', expires: 24 },
    });
    expect(changesOf(user, { ...banned, banReason: 'spam' }, false)?.ban).toEqual({ reason: 'spam' });
    expect(changesOf(user, { ...banned, banMode: 'existing', banId: 'b1' }, false)?.ban).toEqual({ id: 'b1' });
  });

  it('unbans by taking the flag away', () => {
    expect(unbanBody({ ...user, flags: ['banned', 'verified-email'] })).toEqual({
      user: { flags: ['verified-email'] },
    });
  });
});
