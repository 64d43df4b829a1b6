import { PING_SLACK_MS, type SessionView } from '@belfry/engine';
import { type Ack, patchView, type ViewPatch } from '@belfry/protocol';
import { LastArrival } from './last-arrival';
import { applyInPlace, type SharedMessages } from './patch-in-place';
import { now } from './timing';

/** A pending wait for a view condition; `arrived` resolves with the arrival time of the update that met it. */
export interface Watch {
  arrived: Promise<number>;
}

export interface ViewOptions {
  /**
   * Apply patches to the view held instead of to a copy (patch-in-place.ts); for the load's thousands
   * of clients. A view handed out earlier then changes with later patches.
   */
  inPlace?: boolean;
  shared?: SharedMessages;
  /** The client's own minute ping (the web app's), sent when the server's heartbeat arrives. */
  pingEveryMs?: number;
}

/**
 * One browser tab, reduced to what the benchmark needs, whatever carries its frames (view-client.ts:
 * socket.io-client; wire-client.ts: the same protocol read off a bare WebSocket): it keeps its view
 * current from `session` and `patch` exactly like the web app (and test/harness.ts), answers the
 * server's `serverPing` at once as the web app does, and tells when an update made a condition true.
 * Times are `now()` (timing.ts).
 */
export abstract class ViewCore {
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
  /** Patches whose `from` was not the version held (the client had to ask for a full view). */
  versionGaps = 0;
  /** Patches that did not apply to the view they claimed to start from. */
  failedPatches = 0;
  private resyncing = false;
  private pingTimer: ReturnType<typeof setTimeout> | undefined;
  private lastPingAt = 0;
  /** Changes awaited (last-arrival.ts), each with the condition that shows it. */
  private expected: { check: (view: SessionView) => boolean; arrival: LastArrival }[] = [];

  constructor(
    readonly sessionId: string,
    readonly userId: string,
    protected readonly options: ViewOptions,
  ) {}

  /** Sends an intent and resolves with its acknowledgement; rejects after `ms`. */
  abstract request(event: string, payload: unknown, ms: number): Promise<Ack>;

  /** Resolves once the first full view has arrived; rejects with the server's refusal code otherwise. */
  abstract joined(ms: number): Promise<void>;

  abstract close(): void;

  /** Asks for the whole view again (after a patch that does not fit). */
  protected abstract askForView(): void;

  /** A `serverPing`: the round trip the server measures (the vote grace uses it); a browser answers at once. */
  protected answerServerPing(): number {
    this.pings++;
    return Date.now();
  }

  /** Counts a `patch` or `session` frame as it came off the wire (the text of its Socket.IO packet). */
  protected countFrame(packet: string, isPatch: boolean): void {
    const bytes = Buffer.byteLength(packet);
    if (isPatch) {
      this.patchFrames++;
      this.patchBytes += bytes;
    } else {
      this.sessionFrames++;
      this.lastSessionBytes = bytes;
      this.sessionBytes += bytes;
    }
  }

  /** A full view that came off the socket at `at`. */
  protected receiveSession(at: number, full: SessionView): void {
    const shared = this.options.shared;
    if (shared) full.chat.messages = full.chat.messages.map((m) => shared.intern(m) as typeof m);
    this.view = full;
    this.resyncing = false;
    this.notify(at);
  }

  /** A patch that came off the socket at `at`: the arrival time must not include applying it. */
  protected receivePatch(at: number, patch: ViewPatch): void {
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
  }

  /**
   * Like the web app (sessionConnection.ts startPing), the minute ping goes out when the server's
   * heartbeat arrives (every 60 s), unless one went out in the last half minute, and a timer pings 65 s
   * after the last ping should no heartbeat come. (Its burst of 5 pings right after connecting is left
   * out: it weighs only on joining. Connecting counts as the last ping in its stead, so the first
   * heartbeat, 60 s after, carries one as it would in the browser.) Call on connecting.
   */
  protected startMinutePing(): void {
    const every = this.options.pingEveryMs;
    if (!every) return;
    this.lastPingAt = Date.now();
    this.pingTimer = setTimeout(() => this.ping(every), every + PING_SLACK_MS);
  }

  /** The server's heartbeat arrived. */
  protected heartbeat(): void {
    const every = this.options.pingEveryMs;
    if (every && Date.now() - this.lastPingAt >= every / 2) this.ping(every);
  }

  protected stopMinutePing(): void {
    clearTimeout(this.pingTimer);
  }

  private ping(every: number): void {
    this.lastPingAt = Date.now();
    clearTimeout(this.pingTimer);
    this.pingTimer = setTimeout(() => this.ping(every), every + PING_SLACK_MS);
    this.request('ping', { sentAt: this.lastPingAt }, 5000).then(
      (ack) => void (ack.ok && this.clientPings++),
      () => undefined,
    );
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

  private resync() {
    this.resyncing = true;
    this.askForView();
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
