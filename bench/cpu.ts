import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { type Pause, pauseFigures, type PauseFigures, pausesSoFar } from './pauses';
import { now } from './timing';

/**
 * CPU readings per thread. Node 20 has no per-thread CPU clock (process.cpuUsage() and
 * process.resourceUsage() count the whole process, every worker included), so a thread reads its own
 * lines of /proc (Linux): /proc/thread-self names the OS thread that reads it, and the read must be
 * synchronous, or a libuv pool thread would do it and read its own lines instead.
 */

/**
 * The cores this process may use, read once at start: pinning a thread (pin.ts) narrows what
 * os.availableParallelism() answers on that thread afterwards.
 */
export const USABLE_CORES = os.availableParallelism();

/** One reading of the calling thread. */
export interface ThreadSample {
  /** now() */
  at: number;
  /** Cumulative ms its event loop spent idle and running, as performance.eventLoopUtilization() counts them. */
  idle: number;
  active: number;
  /** Ms its own OS thread has run on a core; null where /proc is missing. */
  cpuMs: number | null;
  /** Ms it was ready to run but waited for a core (another thread or process had it); null where unknown. */
  waitMs: number | null;
  /** Ms of `cpuMs` spent in the kernel (system calls: socket writes and reads); 10 ms ticks; null where unknown. */
  kernelMs: number | null;
  /** Its garbage collection pauses and loop stalls since its first sample (pauses.ts). */
  pauses: Pause[];
  /** The OS thread's id (for pinning it to a core: pin.ts); null where /proc is missing. */
  tid: number | null;
  /** MB of its V8 heap in use (each thread has its own heap). */
  heapMb: number;
}

/** One reading of the whole process and machine. */
export interface ProcessSample {
  at: number;
  /** user + system ms of every thread of this process (workers, GC helpers, the libuv pool). */
  cpuMs: number;
  /** Jiffies of all cores from /proc/stat; null elsewhere. */
  machine: { busy: number; total: number } | null;
}

/** Linux reports thread times in /proc/.../stat in USER_HZ ticks, fixed at 100 per second for user space. */
const TICK_MS = 10;

/** utime and stime of this thread in ms (10 ms ticks), from /proc/thread-self/stat; null elsewhere. */
const statTimes = (): { userMs: number; kernelMs: number } | null => {
  try {
    const text = fs.readFileSync('/proc/thread-self/stat', 'utf8');
    // The name in parentheses may hold spaces; the fields after it are plain. utime and stime are
    // fields 14 and 15 of proc(5), so 11 and 12 counted from the state (field 3).
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const [user, kernel] = [Number(fields[11]), Number(fields[12])];
    return Number.isFinite(user) && Number.isFinite(kernel)
      ? { userMs: user * TICK_MS, kernelMs: kernel * TICK_MS }
      : null;
  } catch {
    return null;
  }
};

/**
 * From schedstat (ns: time on a core, time waiting in a run queue) where the kernel keeps it, else
 * from stat (utime + stime, 10 ms ticks, and no waiting time).
 */
const threadTimes = (): { cpuMs: number | null; waitMs: number | null; kernelMs: number | null } => {
  const stat = statTimes();
  const kernelMs = stat?.kernelMs ?? null;
  try {
    const [run, wait] = fs.readFileSync('/proc/thread-self/schedstat', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isFinite(run) && Number.isFinite(wait)) return { cpuMs: run! / 1e6, waitMs: wait! / 1e6, kernelMs };
  } catch {
    // no schedstat in this kernel: fall back on stat
  }
  return { cpuMs: stat ? stat.userMs + stat.kernelMs : null, waitMs: null, kernelMs };
};

const machineTicks = (): ProcessSample['machine'] => {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
    // user nice system idle iowait irq softirq steal (guest time is already inside user).
    const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
    if (values.length < 8 || values.some((v) => !Number.isFinite(v))) return null;
    const total = values.reduce((sum, v) => sum + v, 0);
    return { busy: total - (values[3] ?? 0) - (values[4] ?? 0), total };
  } catch {
    return null;
  }
};

/** /proc/thread-self links to <pid>/task/<tid>. */
const threadId = (): number | null => {
  try {
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) ? tid : null;
  } catch {
    return null;
  }
};

export const threadSample = (): ThreadSample => {
  const { idle, active } = performance.eventLoopUtilization();
  const heapMb = v8.getHeapStatistics().used_heap_size / 1e6;
  return { at: now(), idle, active, ...threadTimes(), pauses: pausesSoFar(), tid: threadId(), heapMb };
};

export const processSample = (): ProcessSample => {
  const { user, system } = process.cpuUsage();
  return { at: now(), cpuMs: (user + system) / 1000, machine: machineTicks() };
};

/** What one thread did between two readings. */
export interface ThreadShare {
  /** Event loop utilisation: share of wall time its loop was running JavaScript or native calls (0..1). */
  busy: number;
  /** CPU its OS thread used, as a share of one core (0..1); null without /proc. */
  core: number | null;
  /**
   * Share of wall time it was ready to run but waited for a core; null where unknown. A busy loop
   * (`busy`) that neither ran (`core`) nor waited for a core was blocked in the kernel (disk, locks).
   */
  waiting: number | null;
  /** Of `core`, the share of one core it spent in the kernel (system calls); null where unknown. */
  kernel: number | null;
  /** Ms its loop was active. */
  activeMs: number;
  /** What held its loop up in the window. */
  pauses: PauseFigures;
  /** MB of V8 heap in use at the end of the window. */
  heapMb: number;
}

export const threadShare = (before: ThreadSample, after: ThreadSample): ThreadShare => {
  const active = after.active - before.active;
  const total = active + (after.idle - before.idle);
  const wall = after.at - before.at;
  // A cumulative figure's growth in the window as a share of its wall time; null where unknown.
  const perWall = (from: number | null, to: number | null) =>
    from === null || to === null || wall <= 0 ? null : (to - from) / wall;
  return {
    busy: total > 0 ? active / total : 0,
    core: perWall(before.cpuMs, after.cpuMs),
    waiting: perWall(before.waitMs, after.waitMs),
    kernel: perWall(before.kernelMs, after.kernelMs),
    activeMs: active,
    pauses: pauseFigures(after.pauses, before.at, after.at),
    heapMb: after.heapMb,
  };
};

export interface ProcessShare {
  /** CPU of the whole process in cores (2 = two cores busy all the time). */
  cores: number;
  /** Cores the machine had busy with anything else than this process; null without /proc. */
  otherProcesses: number | null;
  /** Share of all the machine's cores that were busy (anything running, this process or not); null without /proc. */
  machineBusy: number | null;
}

export const processShare = (before: ProcessSample, after: ProcessSample): ProcessShare => {
  const wall = after.at - before.at;
  const m0 = before.machine;
  const m1 = after.machine;
  const cores = wall > 0 ? (after.cpuMs - before.cpuMs) / wall : 0;
  const machineBusy = m0 && m1 && m1.total > m0.total ? (m1.busy - m0.busy) / (m1.total - m0.total) : null;
  return {
    cores,
    machineBusy,
    otherProcesses: machineBusy === null ? null : Math.max(0, machineBusy * os.cpus().length - cores),
  };
};
