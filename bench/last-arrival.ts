/**
 * One change awaited at every client of a session (or relay room): `done` resolves with the arrival time
 * at the last of them, or null when one had not had it after `ms`. One object, one timer and one promise
 * per change; a promise and a timer per client and change (16 of each at every seat intent) were most
 * of what the load generator kept past its young-generation collections, and its collections then
 * stopped it for 15–20 ms at a time inside the latencies it measures (bench/README.md). Both sides use it.
 */
export class LastArrival {
  readonly done: Promise<number | null>;
  private left: number;
  private last = -Infinity;
  private finish: (at: number | null) => void = () => undefined;
  private readonly timer: ReturnType<typeof setTimeout>;
  private ended = false;

  /** `onEnd` runs once, when the last client had it, on timeout or on `cancel`: the clients forget it. */
  constructor(
    clients: number,
    ms: number,
    private readonly onEnd: (arrival: LastArrival) => void,
  ) {
    this.left = clients;
    this.done = new Promise((resolve) => (this.finish = resolve));
    this.timer = setTimeout(() => this.end(null), ms);
  }

  /** One client had the change at `at`. */
  arrived(at: number): void {
    if (this.ended) return;
    if (at > this.last) this.last = at;
    if (--this.left === 0) this.end(this.last);
  }

  cancel(): void {
    this.end(null);
  }

  private end(at: number | null): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    this.onEnd(this);
    this.finish(at);
  }
}
