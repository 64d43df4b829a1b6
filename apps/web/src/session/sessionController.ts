import type { ClientEvent, ClientPayload } from '@belfry/protocol';
import { currentTokens, useAuthStore } from '../auth/authStore';
import { ensureFreshToken, refreshTokens } from '../auth/authService';
import { dismissServerError, showActionError, showNotice, showServerError, type ActionName } from '../dialogs/dialogs';
import type { AppError } from '../errors/appError';
import { setLoading, useLoadingStore } from '../loading/loadingStore';
import { disconnectedError } from './requestQueue';
import { SessionConnection } from './sessionConnection';
import { persistSession } from './sessionPersistence';
import { initialSessionState, setPending, useSessionStore } from './sessionStore';

/**
 * The app's one joined session: owns the connection, mirrors it into the session store, and turns
 * its failures into the dialogues of spec 1 §8. Components call these functions, never the socket.
 */
let connection: SessionConnection | null = null;

const clearGameLoading = (): void => {
  if (useLoadingStore.getState().state === 'game') setLoading('');
};

const dropConnection = (): void => {
  connection?.close();
  connection = null;
  dismissServerError();
};

/** Forget the session entirely: the Grimoire then sends the user to the Lobby. */
const endSession = (): void => {
  dropConnection();
  persistSession(null);
  useSessionStore.setState(initialSessionState(null));
  clearGameLoading();
};

const connect = async (code: string): Promise<void> => {
  await ensureFreshToken();
  // The user may have left or switched sessions while the token was refreshed.
  if (useSessionStore.getState().code !== code || connection) return;
  const current: SessionConnection = new SessionConnection(
    code,
    {
      getView: () => useSessionStore.getState().view,
      onView: (view) => {
        if (connection !== current) return;
        useSessionStore.setState({ view });
        dismissServerError();
        clearGameLoading();
      },
      onStatus: (state, reason) => {
        if (connection === current) useSessionStore.setState({ connection: state, reason });
      },
      onGamestateTimeout: () => {
        void showServerError().then((choice) => {
          if (choice === 'leave' && connection === current) leaveSession();
        });
      },
      onClosed: (closedCode, message) => {
        if (connection !== current) return;
        endSession();
        void showNotice('error.closed_title', `errors.codes.${closedCode}`, message);
      },
      onRefused: (error: AppError) => {
        if (connection !== current) return;
        endSession();
        void showActionError('join', error);
      },
      onAuthLost: () => {
        // Keep the code: after logging in again the session is rejoined.
        if (connection === current) suspendSession();
      },
    },
    { token: () => currentTokens()?.accessToken ?? null, refresh: refreshTokens },
  );
  connection = current;
  current.open();
};

/** Joins a session by its (normalized) code, leaving any other one first. */
export const joinSession = (code: string): void => {
  const state = useSessionStore.getState();
  if (state.code === code && connection) return;
  if (connection) dropConnection();
  persistSession(code);
  useSessionStore.setState({ ...initialSessionState(code), connection: 'connecting' });
  setLoading('game');
  void connect(code);
};

/** Rejoins the remembered session (after a reload or a new login), if there is one. */
export const resumeSession = (): void => {
  const { code } = useSessionStore.getState();
  if (code && !connection && currentTokens()) joinSession(code);
};

/** Disconnects but remembers the session, e.g. when the login ran out. */
export const suspendSession = (): void => {
  dropConnection();
  useSessionStore.setState((state) => ({ ...initialSessionState(state.code) }));
  clearGameLoading();
};

/** A deliberate disconnect (spec 1 §4): clears the session; the Grimoire returns to the Lobby. */
export const leaveSession = (): void => endSession();

/**
 * Sends one request through the queue. While it waits, `pendingKey` is marked so its button is
 * disabled; a refusal shows the dialogue of `action`. Resolves true when the server accepted.
 */
export const sendAction = async <E extends ClientEvent>(
  action: ActionName,
  pendingKey: string,
  event: E,
  payload: ClientPayload<E>,
): Promise<boolean> => {
  if (!connection) {
    void showActionError(action, disconnectedError());
    return false;
  }
  setPending(pendingKey, true);
  try {
    await connection.request(event, payload);
    return true;
  } catch (error) {
    void showActionError(action, error);
    return false;
  } finally {
    setPending(pendingKey, false);
  }
};

// A logout (here or in another tab) or a refused refresh ends the connection but keeps the session.
useAuthStore.subscribe((state, previous) => {
  if (!state.tokens && previous.tokens) suspendSession();
});
