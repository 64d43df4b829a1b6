import { withScriptFacts } from '@belfry/content';
import {
  apply,
  createLocalGame,
  isLocalGame,
  nextTimedIntent,
  upgradeState,
  view,
  type Actor,
  type Intent,
  type Refusal,
  type SessionState,
  type SessionUser,
  type SessionView,
} from '@belfry/engine';
import { intentOfMessage, MAX_MESSAGE_BYTES, parseClientMessage, type Ack } from '@belfry/protocol';

/**
 * A local game (spec 1 §1): the browser is its own referee. Requests are checked with the same
 * protocol schemas and turned into intents the same way as on the server (protocol intent.ts), applied
 * with the engine, kept in localStorage after every change, and shown through the engine's view for
 * the local Storyteller. Timed steps (hooks, reveal, pointing, timer, vote clock) run from the
 * state's timestamps, like the server's hub does.
 */

/** Spec 2 §7 "Local storage keeps … the game state persisted locally". */
export const LOCAL_GAME_KEY = 'belfry.localGame';
/** The local Storyteller's user id inside the game (the account is not part of a local game). */
export const LOCAL_USER_ID = 'local';
const STORED_FORMAT = 1;
/** setTimeout cannot wait longer than about 24.8 days. */
const MAX_DELAY_MS = 2 ** 30;
/** A due step that changed nothing is tried again this much later instead of at once. */
const RETRY_STUCK_MS = 1_000;

const LOCAL_ACTOR: Actor = { userId: LOCAL_USER_ID, level: 'none', isSubscribed: true };
const SYSTEM: Actor = { userId: '', level: 'none', isSystem: true };

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface StoredLocalGame {
  format: typeof STORED_FORMAT;
  state: SessionState;
}

/** The stored local game, or null when there is none or it cannot be read. */
export const readLocalGame = (storage: KeyValueStorage): SessionState | null => {
  try {
    const raw = storage.getItem(LOCAL_GAME_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredLocalGame> | null;
    const state = stored?.format === STORED_FORMAT ? stored.state : undefined;
    if (!state || typeof state !== 'object' || !isLocalGame(state) || !Array.isArray(state.seats)) return null;
    if (!state.meta || !state.game || !state.vote || !state.users) return null;
    // A game kept by an older Belfry gains the fields added since.
    return upgradeState(state);
  } catch {
    return null;
  }
};

/** Keeps the game; false when the browser refused (storage full or disabled): play goes on in memory. */
export const writeLocalGame = (storage: KeyValueStorage, state: SessionState): boolean => {
  try {
    const stored: StoredLocalGame = { format: STORED_FORMAT, state };
    storage.setItem(LOCAL_GAME_KEY, JSON.stringify(stored));
    return true;
  } catch {
    return false;
  }
};

const payloadBytes = (payload: unknown): number => {
  try {
    return new TextEncoder().encode(JSON.stringify(payload) ?? '').length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
};

export interface LocalTransportOptions {
  storage: KeyValueStorage;
  /** The clock the screen reads (the app's server-time estimate), so timestamps and countdowns agree. */
  now: () => number;
  /** The name the local Storyteller goes by. */
  username: string;
  onView: (view: SessionView) => void;
}

export type LocalAck = Ack<Record<string, unknown>>;

export class LocalTransport {
  private state: SessionState | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: LocalTransportOptions) {}

  /** The game as it stands (null before `open`). */
  get current(): SessionState | null {
    return this.state;
  }

  /** Takes up the kept game (or starts one), shows it and runs whatever steps fell due meanwhile. */
  open(): void {
    this.start(readLocalGame(this.options.storage) ?? this.fresh());
  }

  /** A fresh, empty grimoire in place of the kept one. */
  reset(): void {
    this.start(this.fresh());
  }

  /** Stops the clock; the game stays kept. */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.state = null;
  }

  /**
   * One request, answered at once like a server acknowledgement: a bad shape, an unknown event or a
   * refusal of the rules changes nothing.
   */
  request(event: string, payload: unknown): LocalAck {
    if (!this.state) return { ok: false, error: { code: 'session_disconnected', message: 'Session disconnected' } };
    if (payloadBytes(payload) > MAX_MESSAGE_BYTES) {
      return {
        ok: false,
        error: { code: 'payload_too_large', message: `Messages are limited to ${MAX_MESSAGE_BYTES} bytes.` },
      };
    }
    const parsed = parseClientMessage(event, payload);
    if (!parsed.ok) return parsed;
    const intent = intentOfMessage(parsed);
    if (!intent) {
      // What the server's socket layer answers itself: there is no one else to type to or to ping.
      if (parsed.event === 'ping') return { ok: true, serverTime: this.options.now() };
      if (parsed.event === 'getGamestate') this.publish();
      return { ok: true };
    }
    const refusal = this.commit(withScriptFacts(intent), LOCAL_ACTOR);
    return refusal ? { ok: false, error: refusal } : { ok: true };
  }

  private fresh(): SessionState {
    return createLocalGame(this.profile(), this.options.now());
  }

  private profile(): Omit<SessionUser, 'isOnline' | 'grimoireAccess' | 'ping'> {
    return { id: LOCAL_USER_ID, username: this.options.username, pronouns: '', level: 'none', flags: [], createdAt: 0 };
  }

  private start(state: SessionState): void {
    clearTimeout(this.timer);
    this.state = state;
    // The local Storyteller is present, under the name they use now.
    const present = apply(
      state,
      { type: 'presence', user: this.profile(), isOnline: true },
      SYSTEM,
      this.options.now(),
    );
    if (present.ok) this.state = present.state;
    writeLocalGame(this.options.storage, this.state);
    this.publish();
    this.schedule();
  }

  private commit(intent: Intent, actor: Actor): Refusal | null {
    const state = this.state;
    if (!state) return null;
    const result = apply(state, intent, actor, this.options.now());
    if (!result.ok) return result.error;
    if (result.state !== state) {
      this.state = result.state;
      writeLocalGame(this.options.storage, result.state);
      this.publish();
    }
    this.schedule();
    return null;
  }

  private publish(): void {
    if (this.state) this.options.onView(view(this.state, LOCAL_USER_ID));
  }

  /** Arms one timer for the next step that time alone makes (engine timed.ts). */
  private schedule(delayOverride?: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const next = this.state ? nextTimedIntent(this.state) : null;
    if (!next) return;
    const delay = delayOverride ?? Math.min(Math.max(0, next.at - this.options.now()), MAX_DELAY_MS);
    this.timer = setTimeout(() => this.runDue(), delay);
  }

  private runDue(): void {
    this.timer = undefined;
    const before = this.state;
    if (!before) return;
    const due = nextTimedIntent(before);
    if (!due) return;
    if (due.at > this.options.now()) {
      this.schedule();
      return;
    }
    this.commit(due.intent, SYSTEM);
    // A step that changed nothing would fall due again at once: look again a little later.
    if (this.state === before) this.schedule(RETRY_STUCK_MS);
  }
}
