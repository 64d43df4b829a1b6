import type { AuthTokens, LoginBody, Me, RecoverBody, RegisterBody, ResetBody } from '@belfry/protocol';
import { isUnauthorized, sendJson, type JsonRequest } from '../api/http';
import { serverOffset } from '../time/clockStore';
import { accessToken, currentTokens, useAuthStore } from './authStore';
import { needsRefresh, refreshDelay } from './refreshTiming';
import { readTokens } from './tokenStorage';

const RETRY_AFTER_FAILED_REFRESH_MS = 15_000;

const accept = (tokens: AuthTokens): AuthTokens => {
  useAuthStore.getState().setTokens(tokens);
  return tokens;
};

/** Logged in (login, reset, verified registration): whoever logs in is no longer waiting for a code. */
export const acceptTokens = (tokens: AuthTokens): AuthTokens => {
  useAuthStore.getState().setPendingEmail(null);
  return accept(tokens);
};

export const login = async (body: LoginBody): Promise<AuthTokens> =>
  acceptTokens(await sendJson<AuthTokens>('/auth/login', { method: 'POST', body }));

/** API.md: a valid registration always answers 202 `{status: 'verify', email}`; no tokens until verified. */
export interface RegisterAnswer {
  status: 'verify';
  email: string;
}

export const register = async (body: RegisterBody): Promise<RegisterAnswer> => {
  const answer = await sendJson<Partial<RegisterAnswer> | undefined>('/auth/register', { method: 'POST', body });
  const email = typeof answer?.email === 'string' && answer.email ? answer.email : body.email;
  useAuthStore.getState().setPendingEmail(email);
  return { status: 'verify', email };
};

/** Answers the same whether or not the address has an account (API.md). */
export const recover = (body: RecoverBody): Promise<unknown> => sendJson('/auth/recover', { method: 'POST', body });

export const resetPassword = async (body: ResetBody): Promise<AuthTokens> =>
  acceptTokens(await sendJson<AuthTokens>('/auth/reset', { method: 'POST', body }));

/** Forgets the tokens locally; the server is told as well, but its answer does not matter. */
export const logout = async (): Promise<void> => {
  const refreshToken = currentTokens()?.refreshToken;
  useAuthStore.getState().setTokens(null);
  if (refreshToken) await sendJson('/auth/logout', { method: 'POST', body: { refreshToken } }).catch(() => undefined);
};

let refreshInFlight: Promise<boolean> | null = null;

const refreshOnce = async (): Promise<boolean> => {
  const held = currentTokens();
  if (!held) return false;
  // Another tab may have rotated the refresh token already; its fresh tokens are in localStorage.
  const stored = readTokens(localStorage);
  if (stored && stored.refreshToken !== held.refreshToken) {
    useAuthStore.setState({ tokens: stored });
    if (!needsRefresh(stored.accessExpires, Date.now(), serverOffset())) return true;
  }
  const refreshToken = (stored ?? held).refreshToken;
  try {
    accept(await sendJson<AuthTokens>('/auth/refresh', { method: 'POST', body: { refreshToken } }));
    return true;
  } catch (error) {
    // A refused refresh token is spent or revoked: log out. A network failure keeps the tokens for a retry.
    if (isUnauthorized(error)) useAuthStore.getState().setTokens(null);
    return false;
  }
};

/**
 * Refreshes the access token (rotation: the answer carries a new refresh token, always stored).
 * Concurrent callers share one request, because a refresh token can be spent only once.
 */
export const refreshTokens = (): Promise<boolean> => {
  refreshInFlight ??= refreshOnce().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
};

/** Makes sure the access token is not about to expire, e.g. before opening a socket. */
export const ensureFreshToken = async (): Promise<string | null> => {
  const tokens = currentTokens();
  if (!tokens) return null;
  if (needsRefresh(tokens.accessExpires, Date.now(), serverOffset())) await refreshTokens();
  return accessToken();
};

/** An authenticated JSON call; on 401 it refreshes once and retries, then gives up (the guard shows Login). */
export const authorizedJson = async <T>(path: string, request: Omit<JsonRequest, 'token'> = {}): Promise<T> => {
  try {
    return await sendJson<T>(path, { ...request, token: accessToken() });
  } catch (error) {
    if (!isUnauthorized(error) || !currentTokens()) throw error;
    if (!(await refreshTokens())) {
      useAuthStore.getState().setTokens(null);
      throw error;
    }
    try {
      return await sendJson<T>(path, { ...request, token: accessToken() });
    } catch (retryError) {
      if (isUnauthorized(retryError)) useAuthStore.getState().setTokens(null);
      throw retryError;
    }
  }
};

/** GET /backend/me: the account with flags, level, subscription and ban (kept in the auth store). */
export const fetchMe = async (): Promise<Me> => {
  const me = await authorizedJson<Me>('/me');
  useAuthStore.getState().setMe(me);
  return me;
};

/**
 * Loads the account whenever a different user logs in (here, after a reset or a verified
 * registration, or in another tab), so the guard and the dialogues see fresh flags and ban.
 */
export const startAccountSync = (): (() => void) =>
  useAuthStore.subscribe((state, previous) => {
    const id = state.tokens?.user.id;
    if (id && id !== previous.tokens?.user.id && state.me?.id !== id) void fetchMe().catch(() => undefined);
  });

let refreshTimer: ReturnType<typeof setTimeout> | undefined;

const planRefresh = (tokens: AuthTokens | null): void => {
  clearTimeout(refreshTimer);
  if (!tokens) return;
  const delay = refreshDelay(tokens.accessExpires, Date.now(), serverOffset());
  refreshTimer = setTimeout(() => {
    void refreshTokens().then((ok) => {
      // On a network failure try again soon; success re-plans through the store subscription.
      if (!ok && currentTokens())
        refreshTimer = setTimeout(() => planRefresh(currentTokens()), RETRY_AFTER_FAILED_REFRESH_MS);
    });
  }, delay);
};

/** Keeps the access token fresh for as long as the app runs: 120 s before each expiry it is renewed. */
export const startTokenRefresh = (): (() => void) => {
  planRefresh(currentTokens());
  const unsubscribe = useAuthStore.subscribe((state, previous) => {
    if (state.tokens?.accessToken !== previous.tokens?.accessToken) planRefresh(state.tokens);
  });
  return () => {
    unsubscribe();
    clearTimeout(refreshTimer);
  };
};
