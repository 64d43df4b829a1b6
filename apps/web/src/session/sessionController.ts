import type { ClientEvent, ClientPayload } from '@belfry/protocol';
import { currentTokens, useAuthStore } from '../auth/authStore';
import { ensureFreshToken, fetchMe, refreshTokens } from '../auth/authService';
import { openDialog } from '../ui/dialogStore';
import {
  dismissServerError,
  ERROR_DIALOG_TEST_ID,
  showActionError,
  showServerError,
  type ActionName,
} from '../ui/dialogs';
import { AppError } from '../api/appError';
import { setLoading, useLoadingStore } from '../ui/loadingStore';
import { useLocalPlay } from './localPlayStore';
import { clearToasts, pushToast } from '../ui/toastStore';
import { serverClock, serverNow as serverClockNow } from '../time/serverClock';
import { receiveAnnouncement } from './announcements';
import { openTabChannel } from './otherTabChannel';
import { PresenceNotices, presenceChanges } from './presenceNotices';
import { closedTexts, joinRefusalHandling } from './refusals';
import type { LocalAck, LocalTransport } from './localTransport';
import { disconnectedError } from './requestQueue';
import type { AckOk } from './requestQueue';
import { SessionConnection } from './sessionConnection';
import { sessionHooks } from './sessionHooks';
import { persistSession } from './sessionPersistence';
import { initialSessionState, setPending, useSessionStore } from './sessionStore';

/**
 * The app's one joined session: owns the connection, mirrors it into the session store, and turns
 * its failures into the dialogues of spec 1 §8. Components call these functions, never the socket.
 */
let connection: SessionConnection | null = null;
/** Local play (spec 1 §1): the browser runs the game itself; then there is no connection. */
let local: LocalTransport | null = null;

const OK_BUTTON = { labelKey: 'common.ok', value: 'ok', variant: 'primary' } as const;
export const CLOSED_DIALOG_TEST_ID = 'closed-dialog';

/** Spec 2 §4: "X joined" / "X left", 3 s late and only if not taken back meanwhile. */
const notices = new PresenceNotices((change) =>
  pushToast(change.kind === 'joined' ? 'notices.joined' : 'notices.left', { name: change.username }),
);

/** Spec 2 §7: the same session open in another tab of this browser. */
const tabs = openTabChannel({
  self: () => {
    const { code, connection: state } = useSessionStore.getState();
    return { code, active: connection !== null && state === 'connected' };
  },
  onAlsoOpen: () => useSessionStore.setState({ otherTab: 'also-open' }),
  onYield: () => yieldToOtherTab(),
});

const clearGameLoading = (): void => {
  if (useLoadingStore.getState().state === 'game') setLoading('');
};

const dropConnection = (): void => {
  connection?.close();
  connection = null;
  notices.clear();
  dismissServerError();
};

/**
 * Forget the session entirely: the Grimoire then sends the user to the Lobby. `keepStored` leaves the
 * code a reload rejoins (shared by this browser's tabs) to a newer tab that may still be in the game.
 */
const endSession = (keepStored = false): void => {
  dropConnection();
  if (!keepStored) persistSession(null);
  useSessionStore.setState(initialSessionState(null));
  clearToasts();
  clearGameLoading();
};

/**
 * Spec 2 §4 Joining: a refused handshake is never retried as it was. A missing subscription is an
 * alert; a missing phone verification opens it and joins again once it succeeded; anything else
 * says why and returns to the Lobby.
 */
const handleRefusal = async (code: string, error: AppError): Promise<void> => {
  if (error.code === 'banned') {
    // A banned account rejoining (e.g. from another tab): the account, reloaded, shows the Banned page.
    endSession();
    await fetchMe().catch(() => undefined);
    return;
  }
  const handling = joinRefusalHandling(error.code);
  if (handling.kind === 'phone') {
    // Keep the session while the user verifies, so a success can join it again at once.
    dropConnection();
    useSessionStore.setState({ connection: 'idle' });
    clearGameLoading();
    const verified = await sessionHooks.verifyPhone();
    if (useSessionStore.getState().code !== code || connection) return;
    if (verified) joinSession(code);
    else endSession();
    return;
  }
  endSession();
  await openDialog(
    handling.kind === 'subscription'
      ? {
          titleKey: 'join_refused.subscription_title',
          textKey: 'join_refused.subscription_text',
          buttons: [OK_BUTTON],
          testId: ERROR_DIALOG_TEST_ID,
        }
      : { titleKey: 'error.join', textKey: handling.textKey, buttons: [OK_BUTTON], testId: ERROR_DIALOG_TEST_ID },
  );
};

/** Why the server ended the connection, in a dialogue (the server's own words where we have no text). */
const showClosed = (closedCode: string, message: string): void => {
  const texts = closedTexts(closedCode);
  const detail = texts.titleKey === closedTexts('other').titleKey ? message : undefined;
  void openDialog({ ...texts, detail, buttons: [OK_BUTTON], testId: CLOSED_DIALOG_TEST_ID });
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
        const previous = useSessionStore.getState().view;
        if (previous && previous.sessionId === view.sessionId) {
          for (const change of presenceChanges(previous.users, view.users, view.viewer.id)) notices.push(change);
        }
        useSessionStore.setState({ view });
        dismissServerError();
        clearGameLoading();
      },
      onStatus: (state, reason) => {
        if (connection !== current) return;
        const before = useSessionStore.getState().connection;
        useSessionStore.setState({ connection: state, reason });
        if (state === 'connected' && before !== 'connected') tabs.announce(code);
      },
      onGamestateTimeout: () => {
        void showServerError().then((choice) => {
          if (choice === 'leave' && connection === current) leaveSession();
        });
      },
      onClosed: (closedCode, message) => {
        if (connection !== current) return;
        // Kicked, or the boost ran out: say why; without a session the Grimoire returns to the Lobby.
        // Closed as the oldest of too many connections: a newer tab of this browser may be in the game.
        endSession(closedCode === 'too_many_connections');
        // Banned (spec 2 §6): the account, reloaded with its ban, sends the guard to the Banned page.
        if (closedCode === 'banned') {
          void fetchMe().then(
            (me) => {
              if (me.ban === null) showClosed(closedCode, message);
            },
            () => showClosed(closedCode, message),
          );
          return;
        }
        showClosed(closedCode, message);
      },
      onRefused: (error: AppError) => {
        if (connection !== current) return;
        void handleRefusal(code, error);
      },
      onAuthLost: () => {
        // Keep the code: after logging in again the session is rejoined.
        if (connection === current) suspendSession();
      },
      onClockSample: (sample) => serverClock.add(sample),
      onTextIndicator: (payload) => sessionHooks.textIndicator(payload),
      onAnnouncement: receiveAnnouncement,
    },
    { token: () => currentTokens()?.accessToken ?? null, refresh: refreshTokens },
  );
  connection = current;
  current.open();
};

/** Joins a session by its (normalized) code, leaving any other one first (and local play). */
export const joinSession = (code: string): void => {
  stopLocalPlay();
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
  if (code && !connection && !local && currentTokens()) joinSession(code);
};

/** Disconnects but remembers the session, e.g. when the login ran out. */
export const suspendSession = (): void => {
  dropConnection();
  useSessionStore.setState((state) => ({ ...initialSessionState(state.code) }));
  clearGameLoading();
};

/**
 * A deliberate disconnect (spec 1 §4): clears the session; the Grimoire returns to the Lobby. In local
 * play it ends local play instead (the local game stays kept for next time).
 */
export const leaveSession = (): void => {
  if (local) stopLocalPlay();
  else endSession();
};

/**
 * Starts local play (spec 1 §1; spec 2 §2 "local play"): the kept local game (or a fresh one) is shown
 * and every request goes to the local transport. A joined session lets go of its connection but is
 * remembered, so the Lobby offers to return to it. The transport comes from the local page's chunk:
 * it checks requests with the protocol's schemas, and zod loads only for local play.
 */
export const startLocalPlay = (Transport: typeof LocalTransport): void => {
  if (local) return;
  dropConnection();
  useSessionStore.setState((state) => initialSessionState(state.code));
  clearGameLoading();
  const transport = new Transport({
    storage: localStorage,
    now: serverClockNow,
    username: currentTokens()?.user.username ?? '',
    onView: (view) => {
      if (local === transport) useSessionStore.setState({ view });
    },
  });
  local = transport;
  useLocalPlay.setState({ active: true, renaming: null });
  transport.open();
};

/** Ends local play; the local game stays in localStorage. */
export const stopLocalPlay = (): void => {
  if (!local) return;
  local.close();
  local = null;
  useLocalPlay.setState({ active: false, renaming: null });
  useSessionStore.setState({ view: null, pending: {} });
};

/** Replaces the local game with a fresh, empty grimoire. */
export const resetLocalGame = (): void => local?.reset();

const localResult = (ack: LocalAck): AckOk => {
  if (!ack.ok) throw new AppError(ack.error.code, ack.error.message);
  return ack;
};

/** Another tab continues this session: let go of the connection here but keep the table in view. */
const yieldToOtherTab = (): void => {
  if (!connection) return;
  dropConnection();
  useSessionStore.setState({ connection: 'idle', reason: null, otherTab: 'moved' });
};

/** "Continue here": the other tabs let go of the session, and this one (re)connects if it had let go. */
export const continueHere = (): void => {
  const { code } = useSessionStore.getState();
  if (!code) return;
  tabs.takeOver(code);
  useSessionStore.setState({ otherTab: null });
  if (!connection) joinSession(code);
};

export const dismissOtherTab = (): void => useSessionStore.setState({ otherTab: null });

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
  if (local) {
    try {
      localResult(local.request(event, payload));
      return true;
    } catch (error) {
      void showActionError(action, error);
      return false;
    }
  }
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

/**
 * Sends one request through the queue and leaves the refusal to the caller (rejects with an
 * AppError): for requests whose failure is shown in place, like a vote that came too late.
 */
export const sendRequest = <E extends ClientEvent>(event: E, payload: ClientPayload<E>): Promise<AckOk> => {
  if (local) {
    const transport = local;
    return new Promise((resolve) => resolve(localResult(transport.request(event, payload))));
  }
  return connection ? connection.request(event, payload) : Promise.reject(disconnectedError());
};

// A logout (here or in another tab) or a refused refresh ends the connection but keeps the session.
useAuthStore.subscribe((state, previous) => {
  if (!state.tokens && previous.tokens) {
    stopLocalPlay();
    suspendSession();
  }
});
