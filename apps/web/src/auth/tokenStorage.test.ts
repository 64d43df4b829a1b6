import type { AuthTokens } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, parseStoredTokens, readTokens, writeTokens } from './tokenStorage';

const tokens: AuthTokens = {
  accessToken: 'a.b.c',
  accessExpires: 1_700_000_000_000,
  refreshToken: 'refresh-token-1',
  user: { id: 'u1', username: 'alice', email: 'a@b.co', level: 'none', flags: [] },
};

const memoryStorage = () => {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
};

describe('token storage', () => {
  it('round-trips tokens and removes them on null', () => {
    const storage = memoryStorage();
    writeTokens(storage, tokens);
    expect(readTokens(storage)).toEqual(tokens);
    writeTokens(storage, null);
    expect(storage.map.has(AUTH_STORAGE_KEY)).toBe(false);
    expect(readTokens(storage)).toBeNull();
  });

  it('treats damaged values as logged out', () => {
    expect(parseStoredTokens('{not json')).toBeNull();
    expect(parseStoredTokens(JSON.stringify({ accessToken: 'x' }))).toBeNull();
    expect(parseStoredTokens(JSON.stringify({ ...tokens, user: null }))).toBeNull();
  });
});
