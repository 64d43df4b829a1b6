import type { SessionView } from '@belfry/engine';
import type { Ack, ViewPatch } from '@belfry/protocol';
import WebSocket from 'ws';
import { stampedLater } from './arrival';
import { ViewCore, type ViewOptions } from './view-core';

/** engine.io's packet types (protocol 4), the first character of every WebSocket message. */
const ENGINE_OPEN = 0x30; // '0'
const ENGINE_CLOSE = 0x31; // '1'
const ENGINE_PING = 0x32; // '2'
const ENGINE_MESSAGE = 0x34; // '4'
/** Socket.IO's packet types (protocol 5), the first character of an engine.io message. */
const SOCKET_CONNECT = 0x30; // '0'
const SOCKET_EVENT = 0x32; // '2'
const SOCKET_ACK = 0x33; // '3'
const SOCKET_CONNECT_ERROR = 0x34; // '4'

const PATCH_EVENT = '["patch",';
const SESSION_EVENT = '["session",';

interface Pending {
  resolve: (answer: Ack) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout> | null;
}

/** The id of an event or ack packet (digits after its type) and where its JSON starts. */
const idOf = (packet: string): { id: number; at: number } => {
  let at = 1;
  let id = -1;
  for (let c = packet.charCodeAt(at); c >= 0x30 && c <= 0x39; c = packet.charCodeAt(++at)) {
    id = (id < 0 ? 0 : id * 10) + (c - 0x30);
  }
  return { id, at };
};

/**
 * A browser tab (view-core.ts) that speaks Socket.IO's protocol itself over a bare WebSocket (`ws`, as
 * the relay's clients use): the load's default (`BENCH_CLIENT=wire`). The server sees what the web app
 * sends: the same handshake (the session in the query, the token as the connect packet's auth), the
 * same heartbeat answers, intents and acknowledgements. One thread plays 8,000 browsers, and through
 * socket.io-client (its debug build in Node: an emitter event, a listener list copied and a debug call
 * per packet) it allocated four times what the relay's clients did: its collections stopped the thread
 * 1.8 % of the open loop against their 0.5 %, each stop delaying the arrival stamps of every socket of
 * the thread (bench/README.md).
 */
export class WireClient extends ViewCore {
  private readonly ws: WebSocket;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private joinWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private joinError: Error | null = null;

  constructor(port: number, sessionId: string, userId: string, token: string, options: ViewOptions = {}) {
    super(sessionId, userId, options);
    const query = `EIO=4&transport=websocket&session=${encodeURIComponent(sessionId)}`;
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/backend/socket/?${query}`, { perMessageDeflate: false });
    // Stamped as each frame comes off the socket and handled on the next turn (arrival.ts), as on every side.
    this.ws.on(
      'message',
      stampedLater((at, data: WebSocket.RawData) => this.frame(at, data.toString(), token)),
    );
    this.ws.on('error', (error) => this.ended(new Error(`socket error ${error.message}`)));
    this.ws.on('close', () => this.ended(new Error('socket closed')));
  }

  joined(ms: number): Promise<void> {
    if (this.view) return Promise.resolve();
    if (this.joinError) return Promise.reject(this.joinError);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no view of ${this.sessionId} after ${ms} ms`)), ms);
      this.joinWaiters.push({
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  request(event: string, payload: unknown, ms: number): Promise<Ack> {
    return new Promise((resolve, reject) => {
      const pending: Pending = { resolve, reject, timer: null };
      const id = this.emit(event, payload, pending);
      pending.timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('operation has timed out'));
      }, ms);
    });
  }

  close() {
    this.ws.close();
  }

  protected askForView() {
    this.emit('getGamestate', {}, { resolve: () => undefined, reject: () => undefined, timer: null });
  }

  /** Sends an event with an acknowledgement id (`42<id>[event, payload]`); returns the id. */
  private emit(event: string, payload: unknown, pending: Pending): number {
    const id = this.nextId++;
    this.pending.set(id, pending);
    this.ws.send(`42${id}${JSON.stringify([event, payload])}`);
    return id;
  }

  private frame(at: number, text: string, token: string): void {
    const type = text.charCodeAt(0);
    if (type === ENGINE_MESSAGE) this.packet(at, text.slice(1));
    else if (type === ENGINE_PING) {
      this.ws.send('3');
      this.heartbeat();
    } else if (type === ENGINE_OPEN) this.ws.send(`40${JSON.stringify({ token })}`);
    else if (type === ENGINE_CLOSE) this.ws.close();
  }

  private packet(at: number, packet: string): void {
    const type = packet.charCodeAt(0);
    if (type === SOCKET_EVENT) {
      const { id, at: json } = idOf(packet);
      const isPatch = packet.startsWith(PATCH_EVENT, json);
      if (isPatch || packet.startsWith(SESSION_EVENT, json)) this.countFrame(packet, isPatch);
      const [name, first] = JSON.parse(packet.slice(json)) as [string, unknown];
      if (name === 'patch') this.receivePatch(at, first as ViewPatch);
      else if (name === 'session') {
        this.receiveSession(at, first as SessionView);
        for (const waiter of this.joinWaiters.splice(0)) waiter.resolve();
      } else if (name === 'serverPing' && id >= 0) this.ws.send(`43${id}[${this.answerServerPing()}]`);
      else if (name === 'closed') this.ended(new Error(`closed by the server: ${(first as { code: string }).code}`));
    } else if (type === SOCKET_ACK) {
      const { id, at: json } = idOf(packet);
      const pending = this.pending.get(id);
      if (!pending) return;
      this.pending.delete(id);
      if (pending.timer) clearTimeout(pending.timer);
      pending.resolve((JSON.parse(packet.slice(json)) as [Ack])[0]);
    } else if (type === SOCKET_CONNECT) this.startMinutePing();
    else if (type === SOCKET_CONNECT_ERROR) {
      const { message } = JSON.parse(packet.slice(1)) as { message: string };
      this.ended(new Error(`connect_error ${message}`));
    }
  }

  /** The socket is done (or refused): whoever waits for a view or an answer hears why. */
  private ended(error: Error): void {
    this.stopMinutePing();
    this.joinError ??= error;
    for (const waiter of this.joinWaiters.splice(0)) waiter.reject(error);
    for (const [id, pending] of this.pending) {
      if (pending.timer) clearTimeout(pending.timer);
      pending.reject(error);
      this.pending.delete(id);
    }
  }
}
