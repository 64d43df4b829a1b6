import type { AuthTokens } from '@belfry/protocol';
import { create } from 'zustand';
import { AUTH_STORAGE_KEY, parseStoredTokens, readTokens, writeTokens } from './tokenStorage';

interface AuthState {
  tokens: AuthTokens | null;
  /** Stores (or with null forgets) the tokens, here and in localStorage. */
  setTokens: (tokens: AuthTokens | null) => void;
  updateUser: (user: AuthTokens['user']) => void;
}

export const useAuthStore = create<AuthState>((set, get) => ({
  tokens: readTokens(localStorage),
  setTokens: (tokens) => {
    writeTokens(localStorage, tokens);
    set({ tokens });
  },
  updateUser: (user) => {
    const { tokens } = get();
    if (tokens) get().setTokens({ ...tokens, user });
  },
}));

// Another tab that refreshed (rotating the refresh token) or logged out must not leave this tab behind.
window.addEventListener('storage', (event) => {
  if (event.key === AUTH_STORAGE_KEY || event.key === null) {
    useAuthStore.setState({ tokens: parseStoredTokens(localStorage.getItem(AUTH_STORAGE_KEY)) });
  }
});

export const currentTokens = (): AuthTokens | null => useAuthStore.getState().tokens;
export const accessToken = (): string | null => currentTokens()?.accessToken ?? null;
export const useCurrentUser = () => useAuthStore((state) => state.tokens?.user ?? null);
export const useIsLoggedIn = () => useAuthStore((state) => state.tokens !== null);
