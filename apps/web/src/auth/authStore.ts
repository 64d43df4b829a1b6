import type { AuthTokens, Me, PublicUser } from '@belfry/protocol';
import { create } from 'zustand';
import { readPendingEmail, writePendingEmail } from './pendingEmail';
import { AUTH_STORAGE_KEY, parseStoredTokens, readTokens, writeTokens } from './tokenStorage';

interface AuthState {
  tokens: AuthTokens | null;
  /** The user's own account (GET /backend/me); null until loaded, and after logging out. */
  me: Me | null;
  /** A registration waiting for its e-mail code (no tokens yet); kept in sessionStorage. */
  pendingEmail: string | null;
  /** Stores (or with null forgets) the tokens, here and in localStorage. */
  setTokens: (tokens: AuthTokens | null) => void;
  updateUser: (user: PublicUser) => void;
  /** Keeps the account and mirrors its public part (flags!) into the stored tokens. */
  setMe: (me: Me) => void;
  setPendingEmail: (email: string | null) => void;
}

const publicPart = ({ id, username, email, level, flags }: PublicUser): PublicUser => ({
  id,
  username,
  email,
  level,
  flags,
});

export const useAuthStore = create<AuthState>((set, get) => ({
  tokens: readTokens(localStorage),
  me: null,
  pendingEmail: readPendingEmail(sessionStorage),
  setTokens: (tokens) => {
    writeTokens(localStorage, tokens);
    const { me } = get();
    // The account belongs to one user: another login (or none) drops it until it is fetched again.
    set({ tokens, me: tokens && me?.id === tokens.user.id ? me : null });
  },
  updateUser: (user) => {
    const { tokens } = get();
    if (tokens) get().setTokens({ ...tokens, user: publicPart(user) });
  },
  setMe: (me) => {
    const { tokens } = get();
    if (!tokens || tokens.user.id !== me.id) return;
    get().setTokens({ ...tokens, user: publicPart(me) });
    set({ me });
  },
  setPendingEmail: (email) => {
    writePendingEmail(sessionStorage, email);
    set({ pendingEmail: email });
  },
}));

// Another tab that refreshed (rotating the refresh token) or logged out must not leave this tab behind.
window.addEventListener('storage', (event) => {
  if (event.key === AUTH_STORAGE_KEY || event.key === null) {
    const tokens = parseStoredTokens(localStorage.getItem(AUTH_STORAGE_KEY));
    const { me } = useAuthStore.getState();
    useAuthStore.setState({ tokens, me: tokens && me?.id === tokens.user.id ? me : null });
  }
});

export const currentTokens = (): AuthTokens | null => useAuthStore.getState().tokens;
export const accessToken = (): string | null => currentTokens()?.accessToken ?? null;
export const useCurrentUser = () => useAuthStore((state) => state.tokens?.user ?? null);
export const useIsLoggedIn = () => useAuthStore((state) => state.tokens !== null);
export const useMe = () => useAuthStore((state) => state.me);
export const hasFlag = (user: Pick<PublicUser, 'flags'> | null | undefined, flag: string): boolean =>
  Array.isArray(user?.flags) && user.flags.includes(flag);
