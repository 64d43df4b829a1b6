import {
  ERROR_CODES,
  GAMESTATE_TIMEOUT_MS,
  PING_INTERVAL_MS,
  PING_SLACK_MS,
  type ErrorCode,
  type SessionView,
} from '@belfry/engine';
import type { Ack, ClientEvent, ClientPayload, ViewPatch } from '@belfry/protocol';
import { io, type Socket } from 'socket.io-client';
import { AppError } from '../api/appError';
import { BURST_GAP_MS, BURST_SAMPLES, type ClockSample } from '../time/serverClock';
import { RequestQueue, type AckOk } from './requestQueue';
import type { ConnectionState } from './connectionState';
import { applyIncomingPatch } from './viewUpdates';

export const SOCKET_PATH = '/backend/socket/';
/** A request without an acknowledgement by then counts as failed (the queue must not stall forever). */
const ACK_TIMEOUT_MS = 15_000;
const RECONNECT_AFTER_SERVER_DISCONNECT_MS = 1_000;
/**
 * A reconnect refused for its rate (apps/server README: a handshake a token of 30, then one per 5 s)
 * tries again after this: the game was joined once, so the refusal is a moment's, not the game's.
 */
const RECONNECT_AFTER_RATE_LIMIT_MS = 10_000;
const RETRY_AFTER_FAILED_REFRESH_MS = 5_000;
/** How long a request cut off by a dropped connection waits for a new one before it fails. */
const HOLD_REQUESTS_MS = 10_000;

type AnyAck = Ack<Record<string, unknown>>;

interface ServerToClientEvents {
  session: (view: SessionView) => void;
  patch: (patch: ViewPatch) => void;
  closed: (info: { code: string; message: string }) => void;
  /** The server measures the round trip: acknowledge at once (API.md). */
  serverPing: (serverSentAt: number, ack: (clientNow: number) => void) => void;
  /** Someone writing to the viewer or a channel they read (chat/typing.ts). */
  textMessageIndicator: (payload: TextIndicator) => void;
  /** Spec 2 §7: official staff announce something to everyone, or to this session. */
  announcement: (payload: unknown) => void;
}

export interface TextIndicator {
  senderId: string;
  recipientId: string;
  length: number;
}

/** Sent after the payload: a queued request's id (API.md "Request ids"), empty for pings and resyncs. */
interface RequestMeta {
  rid?: string;
}

/** Emits are checked by `request` (an event of clientMessages with its payload); the socket takes any. */
type ClientToServerEvents = Record<
  string,
  (payload: unknown, meta: RequestMeta, ack: (answer: AnyAck) => void) => void
>;

type SessionSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ConnectionHandlers {
  getView: () => SessionView | null;
  onView: (view: SessionView) => void;
  onStatus: (state: ConnectionState, reason: string | null) => void;
  /** No full view within 10 s of connecting (spec 1 §4). */
  onGamestateTimeout: () => void;
  /** The server ended the connection on purpose (`closed`): no reconnect. */
  onClosed: (code: string, message: string) => void;
  /** The handshake was refused for good (no such session, bad request). */
  onRefused: (error: AppError) => void;
  /** The token was refused and could not be refreshed. */
  onAuthLost: () => void;
  /** An answered `ping`: one sample for the server clock offset (vote/serverClock.ts). */
  onClockSample?: (sample: ClockSample) => void;
  /** A relayed `textMessageIndicator` (spec 2 §4: shown for 4 s). */
  onTextIndicator?: (payload: TextIndicator) => void;
  /** An announcement from staff (spec 2 §7), shown as a dialogue. */
  onAnnouncement?: (payload: unknown) => void;
}

export interface ConnectionAuth {
  token: () => string | null;
  refresh: () => Promise<boolean>;
}

const isErrorCode = (value: string): value is ErrorCode => (ERROR_CODES as readonly string[]).includes(value);

/**
 * One Socket.IO connection to one session (API.md "Socket.IO"): keeps the view current from
 * `session` and `patch`, reconnects after unexpected drops, pings every 60 s, and sends requests
 * through a one-at-a-time queue.
 */
export class SessionConnection {
  private readonly socket: SessionSocket;
  private readonly queue: RequestQueue;
  private gamestateTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setTimeout> | undefined;
  private lastPingAt = 0;
  private burstTimers: ReturnType<typeof setTimeout>[] = [];
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private holdTimer: ReturnType<typeof setTimeout> | undefined;
  private lastLatency: number | undefined;
  private resyncing = false;
  private hasConnected = false;
  /** Set once the connection is over on purpose (Leave, `closed`, refused): nothing may revive it. */
  private ended = false;

  constructor(
    readonly code: string,
    private readonly handlers: ConnectionHandlers,
    private readonly auth: ConnectionAuth,
  ) {
    this.socket = io({
      path: SOCKET_PATH,
      query: { session: code },
      // A function, so every reconnection presents the newest access token.
      auth: (send) => send({ token: this.auth.token() ?? '' }),
      autoConnect: false,
      // Its own manager per session: a shared one would keep the previous session's query.
      forceNew: true,
    });
    this.queue = new RequestQueue(
      (event, payload, rid) => this.emitWithAck(event, payload, rid),
      () => this.socket.connected,
    );
    this.listen();
  }

  open(): void {
    this.handlers.onStatus('connecting', null);
    // Armed before the first connect too, so an unreachable server also ends in the server error.
    this.armGamestateTimer();
    this.socket.connect();
  }

  /** A deliberate disconnect (Leave): no reconnection, pending requests are refused. */
  close(): void {
    this.ended = true;
    this.stopTimers();
    this.queue.failAll();
    this.socket.disconnect();
    this.socket.removeAllListeners();
  }

  request<E extends ClientEvent, T extends object = object>(event: E, payload: ClientPayload<E>): Promise<AckOk<T>> {
    return this.queue.request<T>(event, payload);
  }

  private async emitWithAck(event: string, payload: unknown, rid?: string): Promise<AnyAck> {
    try {
      const socket = this.socket.timeout(ACK_TIMEOUT_MS);
      return await socket.emitWithAck(event, payload, rid ? { rid } : {});
    } catch {
      throw new AppError('timeout', '');
    }
  }

  private listen(): void {
    const { socket, handlers } = this;

    // Answered before anything else: the server's measure of our round trip sets the vote grace.
    socket.on('serverPing', (_serverSentAt, ack) => {
      if (typeof ack === 'function') ack(Date.now());
    });
    // Socket.IO's heartbeat from the server (every 60 s) carries our minute ping (startPing).
    socket.io.on('ping', () => {
      if (this.pingTimer !== undefined && Date.now() - this.lastPingAt >= PING_INTERVAL_MS / 2) void this.ping();
    });

    socket.on('textMessageIndicator', (payload) => handlers.onTextIndicator?.(payload));
    socket.on('announcement', (payload) => handlers.onAnnouncement?.(payload));

    socket.on('connect', () => {
      this.hasConnected = true;
      clearTimeout(this.holdTimer);
      this.armGamestateTimer();
      this.startPing();
      this.queue.resume();
    });

    socket.on('session', (view) => {
      clearTimeout(this.gamestateTimer);
      this.resyncing = false;
      handlers.onView(view);
      handlers.onStatus('connected', null);
    });

    socket.on('patch', (patch) => {
      const outcome = applyIncomingPatch(handlers.getView(), patch);
      if (outcome.kind === 'applied') handlers.onView(outcome.view);
      else if (outcome.kind === 'resync') this.requestFullView();
    });

    socket.on('closed', ({ code, message }) => {
      this.close();
      handlers.onClosed(code, message);
    });

    socket.on('disconnect', (reason) => {
      this.stopTimers();
      if (this.ended) {
        this.queue.failAll();
        return;
      }
      // What was in flight is sent again after reconnecting (a node may have died mid-request); if no
      // connection comes back in time it fails as a disconnect.
      this.queue.hold();
      clearTimeout(this.holdTimer);
      this.holdTimer = setTimeout(() => {
        if (!this.socket.connected) this.queue.failAll();
      }, HOLD_REQUESTS_MS);
      handlers.onStatus('reconnecting', reason);
      // The server dropped us without `closed` (e.g. a restart): Socket.IO leaves that to the client.
      if (reason === 'io server disconnect') this.retry(RECONNECT_AFTER_SERVER_DISCONNECT_MS);
    });

    socket.on('connect_error', (error) => {
      if (this.ended) return;
      const message = error.message;
      if (message === 'unauthorized') {
        void this.reconnectWithFreshToken();
        return;
      }
      if (message === 'rate_limited' && this.hasConnected) {
        handlers.onStatus('reconnecting', message);
        this.retry(RECONNECT_AFTER_RATE_LIMIT_MS);
        return;
      }
      // A join refusal (spec 2 §4) or any other code the server answers with: final, never retried.
      // Socket.IO marks a refused handshake inactive; a known code is judged final even if it did not.
      if (!socket.active || isErrorCode(message)) {
        // Refused by the server's handshake: retrying with the same request cannot help.
        socket.disconnect();
        clearTimeout(this.gamestateTimer);
        this.ended = true;
        handlers.onRefused(new AppError(isErrorCode(message) ? message : 'internal', ''));
        return;
      }
      // A transport failure: Socket.IO keeps retrying by itself.
      handlers.onStatus(this.hasConnected ? 'reconnecting' : 'connecting', message);
    });
  }

  private async reconnectWithFreshToken(): Promise<void> {
    const refreshed = await this.auth.refresh();
    if (this.ended) return;
    if (refreshed) this.socket.connect();
    else if (this.auth.token())
      this.retry(RETRY_AFTER_FAILED_REFRESH_MS); // refresh failed on the network
    else {
      this.ended = true;
      this.stopTimers();
      this.handlers.onAuthLost();
    }
  }

  private retry(delayMs: number): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (!this.ended && !this.socket.connected) this.socket.connect();
    }, delayMs);
  }

  private requestFullView(): void {
    if (this.resyncing || !this.socket.connected) return;
    this.resyncing = true;
    this.emitWithAck('getGamestate', {})
      .then((ack) => {
        if (!ack.ok) this.resyncing = false;
      })
      .catch(() => {
        this.resyncing = false;
      });
  }

  private armGamestateTimer(): void {
    clearTimeout(this.gamestateTimer);
    this.gamestateTimer = setTimeout(() => {
      if (!this.ended) this.handlers.onGamestateTimeout();
    }, GAMESTATE_TIMEOUT_MS);
  }

  /**
   * Spec 1 §7: a ping every 60 s; right after connecting also a short burst, so the server clock
   * offset is good before the first vote (the sample with the smallest round trip wins). The minute
   * ping goes out when the server's heartbeat arrives (every 60 s, the server's app.ts): its frame then
   * reaches the server in the same read as the heartbeat's answer, which halves what an idle socket
   * costs the server. A heartbeat within half a minute of the last ping (the burst) is let go; should
   * no heartbeat come, a timer pings 65 s after the last ping.
   */
  private startPing(): void {
    this.stopPing();
    for (let i = 0; i < BURST_SAMPLES; i++) {
      this.burstTimers.push(setTimeout(() => void this.ping(), i * BURST_GAP_MS));
    }
    this.armPingTimer();
  }

  private armPingTimer(): void {
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => void this.ping(), PING_INTERVAL_MS + PING_SLACK_MS);
  }

  private transportName(): string {
    return this.socket.io.engine?.transport?.name ?? '';
  }

  private stopPing(): void {
    clearTimeout(this.pingTimer);
    this.pingTimer = undefined;
    for (const timer of this.burstTimers) clearTimeout(timer);
    this.burstTimers = [];
  }

  /**
   * Sent straight on the socket, not through the request queue: a request waiting in the queue would
   * make the round trip look longer than the network is. Carries the round trip of the previous ping;
   * the answer's `serverTime` is a clock sample.
   */
  private async ping(): Promise<void> {
    if (!this.socket.connected) return;
    const sentAt = Date.now();
    this.lastPingAt = sentAt;
    this.armPingTimer();
    const transport = this.transportName();
    const payload = this.lastLatency === undefined ? { sentAt } : { sentAt, latency: this.lastLatency };
    try {
      const ack = await this.emitWithAck('ping', payload);
      const received = Date.now();
      if (!ack.ok) return;
      this.lastLatency = received - sentAt;
      const serverTime = (ack as { serverTime?: unknown }).serverTime;
      // During the upgrade from polling to websocket the question and the answer may take different
      // ways, and the two halves of the round trip are then not alike: such a sample is not used.
      if (typeof serverTime === 'number' && this.transportName() === transport) {
        this.handlers.onClockSample?.({ sent: sentAt, received, serverTime });
      }
    } catch {
      // A lost ping is not worth a dialogue; the disconnect handling covers a dead connection.
    }
  }

  private stopTimers(): void {
    clearTimeout(this.gamestateTimer);
    clearTimeout(this.retryTimer);
    clearTimeout(this.holdTimer);
    this.stopPing();
  }
}
