/** How often the event loop's lateness is probed. */
const PROBE_MS = 20;

/**
 * The two figures of a chat server's health that describe the process itself: `load`, the share of
 * one core it used over the last window (forwarding media is CPU-bound; one process per core), and
 * `latency`, how late its event loop ran on average in that window, in ms.
 */
export class LoadMeter {
  private last = { at: performance.now(), cpu: process.cpuUsage() };
  private lag = { sum: 0, count: 0 };
  private figures = { load: 0, latency: 0 };
  private readonly timer: NodeJS.Timeout;
  private probe: NodeJS.Timeout | undefined;

  constructor(windowMs = 5_000) {
    this.timer = setInterval(() => this.sample(), windowMs);
    this.timer.unref();
    this.schedule();
  }

  /** The figures of the last full window (zero until the first one ends). */
  read(): { load: number; latency: number } {
    return this.figures;
  }

  sample(): void {
    const now = performance.now();
    const cpu = process.cpuUsage(this.last.cpu);
    const elapsedUs = (now - this.last.at) * 1000;
    const load = elapsedUs > 0 ? (cpu.user + cpu.system) / elapsedUs : 0;
    const latency = this.lag.count > 0 ? this.lag.sum / this.lag.count : 0;
    this.figures = { load: round(load, 3), latency: round(latency, 1) };
    this.lag = { sum: 0, count: 0 };
    this.last = { at: now, cpu: process.cpuUsage() };
  }

  stop(): void {
    clearInterval(this.timer);
    clearTimeout(this.probe);
  }

  // A timer that measures how much later than asked it runs (perf_hooks' histogram under-reports a
  // loop blocked for long: it records one ordinary interval for it).
  private schedule(): void {
    const due = performance.now() + PROBE_MS;
    this.probe = setTimeout(() => {
      this.lag.sum += Math.max(0, performance.now() - due);
      this.lag.count += 1;
      this.schedule();
    }, PROBE_MS);
    this.probe.unref();
  }
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
