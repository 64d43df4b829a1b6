import type { Me } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { BORDERS } from '@belfry/protocol';
import { changesOf, cutInput, draftOf, STATS_VISIBILITIES, usernameProblem } from './profileForm';

const me: Me = {
  id: 'u1',
  username: 'Ada',
  email: 'ada@example.test',
  level: 'none',
  flags: ['tos-agreed', 'verified-email'],
  pronouns: '',
  expires: null,
  cosmetics: { border: '', borders: [], avatar: 0, avatars: [], emotes: [], stats: 'public' },
  hasAgreedTOS: true,
  createdAt: 0,
  isSubscribed: false,
  ban: null,
};

describe('the own profile card (spec 2 §5, §7)', () => {
  it('sends nothing when nothing changed', () => {
    expect(changesOf(me, draftOf(me))).toEqual({});
  });

  it('sends only the changed fields, trimmed and cut at 50', () => {
    const draft = { ...draftOf(me), username: `  ${'b'.repeat(60)} `, avatar: 7, stats: 'hidden' as const };
    expect(changesOf(me, draft)).toEqual({ username: 'b'.repeat(50), avatar: 7, stats: 'hidden' });
  });

  it('never sends a field a forced flag locks', () => {
    const forced = { ...me, flags: [...me.flags, 'forced-username', 'forced-pronouns', 'forced-avatar'] };
    const draft = { ...draftOf(forced), username: 'Other', pronouns: 'they', avatar: 3, border: 'demon' };
    expect(changesOf(forced, draft)).toEqual({ border: 'demon' });
  });

  it('asks for at least 3 characters of username and cuts input at 50', () => {
    expect(usernameProblem({ ...draftOf(me), username: ' ab ' })).toBe('too_short');
    expect(usernameProblem({ ...draftOf(me), username: 'abc' })).toBeNull();
    expect(cutInput('x'.repeat(51))).toHaveLength(50);
  });

  it('has a text for every border, visibility and avatar dialogue it builds a key for', () => {
    const avatar = en.avatar as Record<string, unknown> & {
      borders: Record<string, string>;
      edit: Record<string, string>;
    };
    for (const border of BORDERS) expect(avatar.borders[border], border).toBeTypeOf('string');
    for (const stats of STATS_VISIBILITIES) {
      expect(avatar.edit[`stats_${stats}`]).toBeTypeOf('string');
      expect(avatar.edit[`stats_${stats}_hint`]).toBeTypeOf('string');
    }
    for (const key of ['avatar_size', 'avatar_type', 'avatar_pixel', 'avatar_generic'])
      expect(avatar[key]).toBeTypeOf('string');
  });
});
