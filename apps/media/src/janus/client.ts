import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import {
  handleEvent,
  JanusError,
  parseFrame,
  pluginReply,
  type JanusCandidate,
  type JanusFrame,
  type JanusHandleEvent,
  type JanusJsep,
  type JanusSessionEvent,
  type PluginReply,
} from './messages';
import { emit, listen, type Listener } from './listeners';

export interface JanusClientOptions {
  apiSecret: string;
  /** How long a request may wait for its answer (for plugin messages: for the plugin's event). */
  requestTimeoutMs?: number;
  /** Janus drops a session after 60 s without a request; a keepalive every 25 s survives one lost one. */
  keepaliveMs?: number;
  connectTimeoutMs?: number;
}

/** What ends a request: Janus's `success`, a bare `ack` (keepalive, trickle) or a plugin's `event`. */
type Expect = 'success' | 'ack' | 'event';

interface Pending {
  expect: Expect;
  resolve: (frame: JanusFrame) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Opens the Janus WebSocket API (subprotocol `janus-protocol`). */
export function connectJanus(url: string, options: JanusClientOptions): Promise<JanusClient> {
  const timeout = options.connectTimeoutMs ?? 5_000;
  const socket = new WebSocket(url, 'janus-protocol', { handshakeTimeout: timeout, perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.off('error', reject);
      resolve(new JanusClient(socket, options));
    });
    socket.once('error', reject);
  });
}

export class JanusClient {
  private readonly pending = new Map<string, Pending>();
  private readonly sessions = new Map<number, JanusSession>();
  private readonly closeListeners = new Set<Listener<void>>();
  private readonly requestTimeoutMs: number;
  readonly keepaliveMs: number;

  constructor(
    private readonly socket: WebSocket,
    private readonly options: JanusClientOptions,
  ) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.keepaliveMs = options.keepaliveMs ?? 25_000;
    socket.on('message', (data: WebSocket.RawData) => this.handleFrame(data.toString()));
    socket.on('close', () => this.handleClose());
    // Errors are followed by 'close', which fails every pending request; without a handler they would throw.
    socket.on('error', () => undefined);
  }

  get closed(): boolean {
    return this.socket.readyState !== WebSocket.OPEN;
  }

  /** Sends one request with a fresh transaction and the API secret. */
  request(body: object, expect: Expect, timeoutMs = this.requestTimeoutMs): Promise<JanusFrame> {
    const transaction = randomUUID();
    const text = JSON.stringify({ ...body, transaction, apisecret: this.options.apiSecret });
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new JanusError('closed', 'the Janus connection is closed'));
      const what = 'janus' in body ? String(body.janus) : 'request';
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new JanusError('timeout', `Janus did not answer '${what}' within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(transaction, { expect, resolve, reject, timer });
      this.socket.send(text, (error) => {
        if (!error) return;
        this.settle(transaction)?.reject(new JanusError('closed', `could not send to Janus: ${error.message}`));
      });
    });
  }

  /** Janus's `info` (version, plugins, transports). */
  async info(): Promise<Record<string, unknown>> {
    return this.request({ janus: 'info' }, 'success');
  }

  async createSession(): Promise<JanusSession> {
    const frame = await this.request({ janus: 'create' }, 'success');
    const id = frame.data?.id;
    if (typeof id !== 'number') throw new JanusError('protocol', 'Janus created a session without an id');
    const session = new JanusSession(this, id, () => this.sessions.delete(id));
    this.sessions.set(id, session);
    return session;
  }

  onClose(listener: () => void): () => void {
    return listen(this.closeListeners, listener);
  }

  /** Closes the socket; Janus then drops every session of this connection after its timeout. */
  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }

  private settle(transaction: string): Pending | undefined {
    const pending = this.pending.get(transaction);
    if (!pending) return undefined;
    this.pending.delete(transaction);
    clearTimeout(pending.timer);
    return pending;
  }

  private handleFrame(text: string): void {
    const frame = parseFrame(text);
    if (!frame) return;
    const pending = frame.transaction === undefined ? undefined : this.pending.get(frame.transaction);
    // A plugin message is acknowledged first and answered by an event later (the event may even
    // overtake the ack), so only the ack of a request that expects nothing more settles it.
    if (pending && frame.transaction !== undefined && (frame.janus !== 'ack' || pending.expect === 'ack')) {
      this.settle(frame.transaction);
      if (frame.janus === 'error') {
        const reason = frame.error?.reason ?? 'unknown Janus error';
        pending.reject(new JanusError('janus', reason, frame.error?.code));
      } else {
        pending.resolve(frame);
      }
      return;
    }
    if (pending || frame.janus === 'ack' || frame.janus === 'success' || frame.janus === 'error') return;
    if (frame.session_id !== undefined) this.sessions.get(frame.session_id)?.dispatch(frame);
  }

  private handleClose(): void {
    for (const transaction of [...this.pending.keys()]) {
      this.settle(transaction)?.reject(new JanusError('closed', 'the Janus connection closed'));
    }
    for (const session of [...this.sessions.values()]) session.end({ type: 'closed' });
    emit(this.closeListeners, undefined);
  }
}

export class JanusSession {
  private readonly handles = new Map<number, JanusHandle>();
  private readonly listeners = new Set<Listener<JanusSessionEvent>>();
  private readonly keepalive: NodeJS.Timeout;
  private ended = false;

  constructor(
    readonly client: JanusClient,
    readonly id: number,
    private readonly forget: () => void,
  ) {
    this.keepalive = setInterval(() => {
      this.client.request({ janus: 'keepalive', session_id: id }, 'ack').catch((error: unknown) => {
        // A keepalive in flight when the session ended fails for that reason, which was told already.
        if (this.ended) return;
        const failure = error instanceof Error ? error : new Error(String(error));
        emit(this.listeners, { type: 'keepalive-failed', error: failure });
      });
    }, client.keepaliveMs);
    this.keepalive.unref();
  }

  on(listener: Listener<JanusSessionEvent>): () => void {
    return listen(this.listeners, listener);
  }

  /** Attaches a handle to a plugin, e.g. `janus.plugin.videoroom`. */
  async attach(plugin: string, opaqueId?: string): Promise<JanusHandle> {
    const request = { janus: 'attach', session_id: this.id, plugin, ...(opaqueId ? { opaque_id: opaqueId } : {}) };
    const frame = await this.client.request(request, 'success');
    const id = frame.data?.id;
    if (typeof id !== 'number') throw new JanusError('protocol', 'Janus attached a handle without an id');
    const handle = new JanusHandle(this, id, plugin);
    this.handles.set(id, handle);
    return handle;
  }

  async destroy(): Promise<void> {
    try {
      await this.client.request({ janus: 'destroy', session_id: this.id }, 'success');
    } finally {
      this.end(null);
    }
  }

  /** Routes a frame about this session or one of its handles (called by the client). */
  dispatch(frame: JanusFrame): void {
    if (frame.janus === 'timeout') return this.end({ type: 'timeout' });
    const handle = frame.sender === undefined ? undefined : this.handles.get(frame.sender);
    const event = handle && handleEvent(frame);
    if (!handle || !event) return;
    if (event.type === 'detached') this.handles.delete(handle.id);
    handle.emit(event);
  }

  /** Stops the keepalive and forgets the session; `event` tells listeners why, if anyone should hear. */
  end(event: JanusSessionEvent | null): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.keepalive);
    this.forget();
    this.handles.clear();
    if (event) emit(this.listeners, event);
  }

  /** Called by a handle that detached. */
  forgetHandle(id: number): void {
    this.handles.delete(id);
  }
}

export class JanusHandle {
  private readonly listeners = new Set<Listener<JanusHandleEvent>>();

  constructor(
    readonly session: JanusSession,
    readonly id: number,
    readonly plugin: string,
  ) {}

  on(listener: Listener<JanusHandleEvent>): () => void {
    return listen(this.listeners, listener);
  }

  /** Called by the session with Janus's events about this handle. */
  emit(event: JanusHandleEvent): void {
    emit(this.listeners, event);
  }

  /**
   * Sends a plugin request. Resolves with the plugin's reply: the synchronous `success` for requests
   * the plugin answers at once (create, list, kick…), else the event that follows the `ack` (join,
   * configure, start…). A plugin `error_code` rejects with a JanusError of kind 'plugin'.
   */
  async message(body: object, jsep?: JanusJsep, timeoutMs?: number): Promise<PluginReply> {
    const request = { janus: 'message', ...this.address(), body, ...(jsep ? { jsep } : {}) };
    return pluginReply(await this.session.client.request(request, 'event', timeoutMs));
  }

  /** Passes one of the peer's ICE candidates on; `null` (or `{completed: true}`) ends them. */
  async trickle(candidate: JanusCandidate | null): Promise<void> {
    await this.sendTrickle({ candidate: candidate ?? { completed: true } });
  }

  /** Passes several candidates in one request. */
  async trickleAll(candidates: readonly JanusCandidate[]): Promise<void> {
    await this.sendTrickle({ candidates });
  }

  /** Tears the PeerConnection down but keeps the handle. */
  async hangup(): Promise<void> {
    await this.session.client.request({ janus: 'hangup', ...this.address() }, 'success');
  }

  async detach(): Promise<void> {
    try {
      await this.session.client.request({ janus: 'detach', ...this.address() }, 'success');
    } finally {
      this.session.forgetHandle(this.id);
    }
  }

  private async sendTrickle(payload: object): Promise<void> {
    await this.session.client.request({ janus: 'trickle', ...this.address(), ...payload }, 'ack');
  }

  private address() {
    return { session_id: this.session.id, handle_id: this.id };
  }
}
