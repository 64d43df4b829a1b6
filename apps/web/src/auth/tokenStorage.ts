import type { AuthTokens } from '@belfry/protocol';

export const AUTH_STORAGE_KEY = 'belfry.auth';

const isAuthTokens = (value: unknown): value is AuthTokens => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const user = v.user as Record<string, unknown> | undefined;
  return (
    typeof v.accessToken === 'string' &&
    typeof v.refreshToken === 'string' &&
    typeof v.accessExpires === 'number' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'string' &&
    typeof user.username === 'string'
  );
};

/** Parses what is stored; a damaged or foreign value counts as logged out rather than crashing the app. */
export const parseStoredTokens = (raw: string | null): AuthTokens | null => {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isAuthTokens(value) ? value : null;
  } catch {
    return null;
  }
};

export const readTokens = (storage: Pick<Storage, 'getItem'>): AuthTokens | null =>
  parseStoredTokens(storage.getItem(AUTH_STORAGE_KEY));

export const writeTokens = (storage: Pick<Storage, 'setItem' | 'removeItem'>, tokens: AuthTokens | null): void => {
  if (tokens) storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(tokens));
  else storage.removeItem(AUTH_STORAGE_KEY);
};
