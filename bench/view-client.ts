import type { SessionView } from '@belfry/engine';
import type { Ack, ViewPatch } from '@belfry/protocol';
import { io, type Socket } from 'socket.io-client';
import { stampedLater } from './arrival';
import { now } from './timing';
import { ViewCore, type ViewOptions } from './view-core';

export type { Watch } from './view-core';

/** The ws socket under engine.io-client's WebSocket transport: its message handler is wrapped. */
interface RawSocket {
  onmessage: ((event: unknown) => void) | null;
}

// Socket.IO event frames for the default namespace look like 2["patch",{...}].
const PATCH_FRAME = '2["patch"';
const SESSION_FRAME = '2["session"';

/**
 * A browser tab (view-core.ts) on socket.io-client, the web app's own client: the probes, the vote
 * bench and the hostile burst, and the load when `BENCH_CLIENT=socket.io`.
 */
export class ViewClient extends ViewCore {
  readonly socket: Socket;
  /** While a frame is handled: when it came off the socket. */
  private arrivedAt: number | null = null;
  /** When each `patch` and `session` frame not yet handled came off the socket, oldest first. */
  private stamps: number[] = [];

  constructor(port: number, sessionId: string, userId: string, token: string, options: ViewOptions = {}) {
    super(sessionId, userId, options);
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
        const isPatch = data.startsWith(PATCH_FRAME);
        if (!isPatch && !data.startsWith(SESSION_FRAME)) return;
        this.stamps.push(this.arrivedAt ?? now());
        this.countFrame(data, isPatch);
      });
    });
    this.socket.io.on('ping', () => this.heartbeat());
    this.socket.once('connect', () => this.startMinutePing());
    this.socket.once('disconnect', () => this.stopMinutePing());
    this.socket.on('serverPing', (_sentAt: number, ack: (clientNow: number) => void) => ack(this.answerServerPing()));
    this.socket.on('session', (full: SessionView) => this.receiveSession(this.stamps.shift() ?? now(), full));
    this.socket.on('patch', (patch: ViewPatch) => this.receivePatch(this.stamps.shift() ?? now(), patch));
  }

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

  request(event: string, payload: unknown, ms: number): Promise<Ack> {
    return this.socket.timeout(ms).emitWithAck(event, payload) as Promise<Ack>;
  }

  close() {
    this.socket.disconnect();
  }

  protected askForView() {
    this.socket.emit('getGamestate', {}, () => undefined);
  }
}
