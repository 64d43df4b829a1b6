import { performance } from 'node:perf_hooks';
import type { SessionView } from '@belfry/engine';
import { type Ack, patchView, type ViewPatch } from '@belfry/protocol';
import { io, type Socket } from 'socket.io-client';

interface Watcher {
  check: (view: SessionView) => boolean;
  settle: (at: number) => void;
}

/** A pending wait for a view condition; `arrived` resolves with the arrival time of the update that met it. */
export interface Watch {
  arrived: Promise<number>;
  cancel(): void;
}

// Socket.IO event frames for the default namespace look like 2["patch",{...}].
const PATCH_FRAME = '2["patch"';

/**
 * One browser tab, reduced to what the benchmark needs: it keeps its view current from `session` and
 * `patch` exactly like the web app (and test/harness.ts), and tells when an update made a condition true.
 */
export class ViewClient {
  readonly socket: Socket;
  view: SessionView | null = null;
  patchFrames = 0;
  patchBytes = 0;
  /** Patches whose `from` was not the version held (the client had to ask for a full view). */
  versionGaps = 0;
  /** Patches that did not apply to the view they claimed to start from. */
  failedPatches = 0;
  private resyncing = false;
  private watchers = new Set<Watcher>();

  constructor(
    port: number,
    readonly sessionId: string,
    readonly userId: string,
    token: string,
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
      this.socket.io.engine.on('data', (data: unknown) => {
        if (typeof data === 'string' && data.startsWith(PATCH_FRAME)) {
          this.patchFrames++;
          this.patchBytes += Buffer.byteLength(data);
        }
      });
    });
    this.socket.on('session', (full: SessionView) => {
      const at = performance.now();
      this.view = full;
      this.resyncing = false;
      this.notify(at);
    });
    this.socket.on('patch', (patch: ViewPatch) => {
      // Taken first: the arrival time must not include applying the patch.
      const at = performance.now();
      if (this.resyncing) return;
      if (!this.view || patch.from !== this.view.version) {
        this.versionGaps++;
        this.resync();
        return;
      }
      const next = patchView(this.view, patch);
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

  watch(check: (view: SessionView) => boolean, ms: number): Watch {
    let cancel = () => undefined as void;
    const arrived = new Promise<number>((resolve, reject) => {
      const watcher: Watcher = {
        check,
        settle: (at) => {
          clearTimeout(timer);
          this.watchers.delete(watcher);
          resolve(at);
        },
      };
      const timer = setTimeout(() => {
        this.watchers.delete(watcher);
        reject(new Error('update timed out'));
      }, ms);
      cancel = () => {
        clearTimeout(timer);
        this.watchers.delete(watcher);
      };
      if (this.view && check(this.view)) watcher.settle(performance.now());
      else this.watchers.add(watcher);
    });
    // A cancelled or timed-out watch is judged by its caller; it must not become an unhandled rejection.
    arrived.catch(() => undefined);
    return { arrived, cancel };
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
    for (const watcher of [...this.watchers]) if (watcher.check(view)) watcher.settle(at);
  }
}
