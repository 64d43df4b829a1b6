import { PerformanceObserver, constants, performance } from 'node:perf_hooks';
import { now } from './timing';

/**
 * What holds a thread's event loop up: V8's garbage collection pauses (from the `gc` performance
 * entries) and loop stalls (a 10 ms timer that fires late). Each thread that takes a sample
 * (cpu.ts) records its own from the first sample on, so a phase's window sees what happened in it.
 */
export interface Pause {
  /** now() at its start. */
  at: number;
  ms: number;
  kind: 'minor-gc' | 'major-gc' | 'other-gc' | 'stall';
}

/** Figures of one thread for one window. */
export interface PauseFigures {
  gcCount: number;
  gcMs: number;
  gcLongestMs: number;
  majorCount: number;
  /** Loop stalls of STALL_MS or more: a timer that should have fired was late by that much. */
  stallCount: number;
  stallLongestMs: number;
}

const TICK_MS = 10;
export const STALL_MS = 20;
/** Enough for minutes of scavenges; older pauses are dropped first. */
const KEPT = 20_000;

let recorded: Pause[] | null = null;

const record = (pause: Pause) => {
  recorded!.push(pause);
  if (recorded!.length > KEPT) recorded!.splice(0, recorded!.length - KEPT);
};

const gcKind = (kind: number | undefined): Pause['kind'] =>
  kind === constants.NODE_PERFORMANCE_GC_MINOR
    ? 'minor-gc'
    : kind === constants.NODE_PERFORMANCE_GC_MAJOR
      ? 'major-gc'
      : 'other-gc';

/** This thread's pauses so far (starting to record them on the first call). */
export const pausesSoFar = (): Pause[] => {
  if (!recorded) {
    recorded = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const { detail } = entry as unknown as { detail?: { kind?: number } };
        record({ at: performance.timeOrigin + entry.startTime, ms: entry.duration, kind: gcKind(detail?.kind) });
      }
    }).observe({ entryTypes: ['gc'] });
    let expected = now() + TICK_MS;
    setInterval(() => {
      const at = now();
      const late = at - expected;
      if (late >= STALL_MS) record({ at: expected, ms: late, kind: 'stall' });
      expected = at + TICK_MS;
    }, TICK_MS).unref();
  }
  return [...recorded];
};

/** The pauses that began between two samples' moments. */
export const pauseFigures = (pauses: Pause[], from: number, to: number): PauseFigures => {
  const inside = pauses.filter((pause) => pause.at >= from && pause.at <= to);
  const gcs = inside.filter((pause) => pause.kind !== 'stall');
  const stalls = inside.filter((pause) => pause.kind === 'stall');
  return {
    gcCount: gcs.length,
    gcMs: gcs.reduce((sum, pause) => sum + pause.ms, 0),
    gcLongestMs: Math.max(0, ...gcs.map((pause) => pause.ms)),
    majorCount: gcs.filter((pause) => pause.kind === 'major-gc').length,
    stallCount: stalls.length,
    stallLongestMs: Math.max(0, ...stalls.map((pause) => pause.ms)),
  };
};

/**
 * The latencies (`ms[i]` from the moment `from[i]`) that no garbage collection of `pauses` overlaps.
 * A client thread that collects while a frame waits in its socket takes the frame's arrival time late,
 * by up to the pause: in the latencies it measures the load generator's heap shows as much as the
 * server's. Dropping those samples leaves what the server and the network took (a pause of the server
 * stays in: it is the server's own).
 */
export const withoutGc = (from: readonly number[], ms: readonly number[], pauses: readonly Pause[]): number[] => {
  const gcs = pauses.filter((pause) => pause.kind !== 'stall').sort((a, b) => a.at - b.at);
  const kept: number[] = [];
  for (let i = 0; i < ms.length; i++) {
    const start = from[i]!;
    const end = start + ms[i]!;
    // The first pause that ends after the sample starts; it overlaps when it also starts before the end.
    let low = 0;
    let high = gcs.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (gcs[mid]!.at + gcs[mid]!.ms <= start) low = mid + 1;
      else high = mid;
    }
    const next = gcs[low];
    if (!next || next.at >= end) kept.push(ms[i]!);
  }
  return kept;
};
