import { readFileSync } from 'node:fs';

/** How often the event loop's lateness is probed. */
const PROBE_MS = 20;
/** Linux counts a process's CPU time in ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

/** CPU time of another process (the media engine) in µs, or 0 when it cannot be read. */
const cpuOfPid = (pid: number | null): number => {
  if (pid === null) return 0;
  try {
    // Fields after the command name (which may hold spaces) start at ')'; utime and stime are 14 and 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
};

/**
 * The two figures of a chat server's health that describe the process itself: `load`, the share of
 * one core it used over the last window, its media engine's (Janus) included (forwarding media is
 * CPU-bound), and
 * `latency`, how late its event loop ran on average in that window, in ms.
 */
export class LoadMeter {
  private last: { at: number; cpu: NodeJS.CpuUsage; engine: number };
  private lag = { sum: 0, count: 0 };
  private figures = { load: 0, latency: 0 };
  private readonly timer: NodeJS.Timeout;
  private probe: NodeJS.Timeout | undefined;

  constructor(
    windowMs = 5_000,
    private readonly enginePid: number | null = null,
  ) {
    this.last = { at: performance.now(), cpu: process.cpuUsage(), engine: cpuOfPid(enginePid) };
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
    const engine = cpuOfPid(this.enginePid);
    const elapsedUs = (now - this.last.at) * 1000;
    const used = cpu.user + cpu.system + Math.max(0, engine - this.last.engine);
    const load = elapsedUs > 0 ? used / elapsedUs : 0;
    const latency = this.lag.count > 0 ? this.lag.sum / this.lag.count : 0;
    this.figures = { load: round(load, 3), latency: round(latency, 1) };
    this.lag = { sum: 0, count: 0 };
    this.last = { at: now, cpu: process.cpuUsage(), engine };
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
