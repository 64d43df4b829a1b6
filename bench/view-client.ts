import { PING_SLACK_MS, type SessionView } from '@belfry/engine';
import { type Ack, patchView, type ViewPatch } from '@belfry/protocol';
import { io, type Socket } from 'socket.io-client';
import { stampedLater } from './arrival';
import { LastArrival } from './last-arrival';
import { applyInPlace, type SharedMessages } from './patch-in-place';
import { now } from './timing';

/** The ws socket under engine.io-client's WebSocket transport: its message handler is wrapped. */
interface RawSocket {
  onmessage: ((event: unknown) => void) | null;
}

/** A pending wait for a view condition; `arrived` resolves with the arrival time of the update that met it. */
export interface Watch {
  arrived: Promise<number>;
}

// Socket.IO event frames for the default namespace look like 2["patch",{...}].
const PATCH_FRAME = '2["patch"';
const SESSION_FRAME = '2["session"';

/**
 * One browser tab, reduced to what the benchmark needs: it keeps its view current from `session` and
 * `patch` exactly like the web app (and test/harness.ts), answers the server's `serverPing` at once as
 * the web app does, and tells when an update made a condition true. Times are `now()` (timing.ts).
 */
export class ViewClient {
  readonly socket: Socket;
  view: SessionView | null = null;
  patchFrames = 0;
  patchBytes = 0;
  /** Full views received (`session` frames): on joining and after a resync. */
  sessionFrames = 0;
  sessionBytes = 0;
  /** Bytes of the newest `session` frame. */
  lastSessionBytes = 0;
  /** `serverPing`s answered. */
  pings = 0;
  /** The client's own `ping`s the server answered (option `pingEveryMs`). */
  clientPings = 0;
  private pingTimer: ReturnType<typeof setTimeout> | undefined;
  /** Patches whose `from` was not the version held (the client had to ask for a full view). */
  versionGaps = 0;
  /** Patches that did not apply to the view they claimed to start from. */
  failedPatches = 0;
  private resyncing = false;
  /** While a frame is handled: when it came off the socket. */
  private arrivedAt: number | null = null;
  /** When each `patch` and `session` frame not yet handled came off the socket, oldest first. */
  private stamps: number[] = [];
  /** Changes awaited (last-arrival.ts), each with the condition that shows it. */
  private expected: { check: (view: SessionView) => boolean; arrival: LastArrival }[] = [];

  /**
   * `inPlace`: apply patches to the view held instead of to a copy (patch-in-place.ts); for the load's
   * thousands of clients. A view handed out earlier then changes with later patches.
   */
  constructor(
    port: number,
    readonly sessionId: string,
    readonly userId: string,
    token: string,
    private readonly options: { inPlace?: boolean; shared?: SharedMessages; pingEveryMs?: number } = {},
  ) {
    this.socket = io(`http://127.0.0.1:${port}`, {
      path: '/backend/socket/',
      query: { session: sessionId },
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      // Without it, sockets to the same origin could share one connection and so one event stream.
      forceNew: true,
      timeout: 20_000,
    });
    // The size of what arrives on the wire, read from the raw frames so that no re-serialising is measured.
    this.socket.io.on('open', () => {
      // Arrival times are taken as frames come off the socket (arrival.ts), before any is handled.
      const ws = (this.socket.io.engine as unknown as { transport?: { ws?: RawSocket } }).transport?.ws;
      const handler = ws?.onmessage;
      if (ws && handler) {
        ws.onmessage = stampedLater((at, event: unknown) => {
          this.arrivedAt = at;
          handler.call(ws, event);
          this.arrivedAt = null;
        });
      }
      this.socket.io.engine.on('data', (data: unknown) => {
        if (typeof data !== 'string') return;
        // The engine hands a frame on at once, inside the handler above; Socket.IO's events come on a
        // later tick (its manager defers each decoded packet), so the stamp waits here in order.
        if (data.startsWith(PATCH_FRAME) || data.startsWith(SESSION_FRAME)) this.stamps.push(this.arrivedAt ?? now());
        if (data.startsWith(PATCH_FRAME)) {
          this.patchFrames++;
          this.patchBytes += Buffer.byteLength(data);
        } else if (data.startsWith(SESSION_FRAME)) {
          this.sessionFrames++;
          this.lastSessionBytes = Buffer.byteLength(data);
          this.sessionBytes += this.lastSessionBytes;
        }
      });
    });
    // Like the web app (sessionConnection.ts startPing), the minute ping goes out when the server's
    // heartbeat arrives (every 60 s), unless one went out in the last half minute, and a timer pings
    // 65 s after the last ping should no heartbeat come. (Its burst of 5 pings right after connecting is
    // left out: it weighs only on joining. Connecting counts as the last ping in its stead, so the first
    // heartbeat, 60 s after, carries one as it would in the browser.)
    const every = options.pingEveryMs;
    if (every) {
      let lastPingAt = 0;
      const ping = () => {
        lastPingAt = Date.now();
        clearTimeout(this.pingTimer);
        this.pingTimer = setTimeout(ping, every + PING_SLACK_MS);
        this.request('ping', { sentAt: lastPingAt }, 5000).then(
          (ack) => void (ack.ok && this.clientPings++),
          () => undefined,
        );
      };
      this.socket.io.on('ping', () => {
        if (Date.now() - lastPingAt >= every / 2) ping();
      });
      this.socket.once('connect', () => {
        lastPingAt = Date.now();
        this.pingTimer = setTimeout(ping, every + PING_SLACK_MS);
      });
      this.socket.once('disconnect', () => clearTimeout(this.pingTimer));
    }
    // The server measures the round trip with this (the vote grace uses it); a browser answers at once.
    this.socket.on('serverPing', (_sentAt: number, ack: (clientNow: number) => void) => {
      this.pings++;
      ack(Date.now());
    });
    this.socket.on('session', (full: SessionView) => {
      const at = this.stamps.shift() ?? now();
      const shared = this.options.shared;
      if (shared) full.chat.messages = full.chat.messages.map((m) => shared.intern(m) as typeof m);
      this.view = full;
      this.resyncing = false;
      this.notify(at);
    });
    this.socket.on('patch', (patch: ViewPatch) => {
      // The moment the frame came off the socket: the arrival time must not include applying the patch.
      const at = this.stamps.shift() ?? now();
      if (this.resyncing) return;
      if (!this.view || patch.from !== this.view.version) {
        this.versionGaps++;
        this.resync();
        return;
      }
      let next: SessionView | null;
      if (this.options.inPlace) {
        next = applyInPlace(this.view, patch.ops, this.options.shared) as SessionView | null;
        if (next) next.version = patch.to;
      } else next = patchView(this.view, patch);
      if (!next) {
        this.failedPatches++;
        this.resync();
        return;
      }
      this.view = next;
      this.notify(at);
    });
  }

  /** Resolves once the first full view has arrived; rejects with the server's refusal code otherwise. */
  joined(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no view of ${this.sessionId} after ${ms} ms`)), ms);
      const done = (error?: Error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      if (this.view) return done();
      this.socket.once('session', () => done());
      this.socket.once('connect_error', (error: Error) => done(new Error(`connect_error ${error.message}`)));
      this.socket.once('closed', (why: { code: string }) => done(new Error(`closed by the server: ${why.code}`)));
    });
  }

  /** One client's wait (the probes): `arrived` rejects when the view has not met `check` after `ms`. */
  watch(check: (view: SessionView) => boolean, ms: number): Watch {
    const arrival = new LastArrival(1, ms, (ended) => this.forget(ended));
    this.expect(check, arrival);
    const arrived = arrival.done.then((at) => {
      if (at === null) throw new Error('update timed out');
      return at;
    });
    // A timed-out watch is judged by its caller; it must not become an unhandled rejection first.
    arrived.catch(() => undefined);
    return { arrived };
  }

  /** Tells `arrival` when this client's view first meets `check` (at once if it does already). */
  expect(check: (view: SessionView) => boolean, arrival: LastArrival): void {
    if (this.view && check(this.view)) arrival.arrived(now());
    else this.expected.push({ check, arrival });
  }

  /** Forgets `arrival` (it has ended). */
  forget(arrival: LastArrival): void {
    const at = this.expected.findIndex((entry) => entry.arrival === arrival);
    if (at >= 0) this.expected.splice(at, 1);
  }

  request(event: string, payload: unknown, ms: number): Promise<Ack> {
    return this.socket.timeout(ms).emitWithAck(event, payload) as Promise<Ack>;
  }

  close() {
    this.socket.disconnect();
  }

  private resync() {
    this.resyncing = true;
    this.socket.emit('getGamestate', {}, () => undefined);
  }

  private notify(at: number) {
    const view = this.view;
    if (!view) return;
    for (let i = 0; i < this.expected.length; i++) {
      const { check, arrival } = this.expected[i]!;
      if (!check(view)) continue;
      this.expected.splice(i--, 1);
      arrival.arrived(at);
    }
  }
}
