import os from 'node:os';
import { type ProcessSample, processSample, type ThreadSample, type ThreadShare, threadShare } from './cpu';
import { now, sleep } from './timing';
import { delayPercentile } from './voice-audio';
import type { VoicePool } from './voice-pool';
import { processCpuMs, processWaitMs, udpDrops } from './voice-proc';
import type { ChatServer } from './voice-server';
import type { WindowEnd } from './voice-thread';

/** One measuring window at a number of rooms. */
export interface StepFigures {
  rooms: number;
  seconds: number;
  /** Packets the publishers sent, and packets all subscribers received, per second. */
  sentPerSecond: number;
  forwardedPerSecond: number;
  expected: number;
  received: number;
  lost: number;
  duplicates: number;
  lossShare: number;
  /** CPU in cores (1 = one core busy all the time). */
  janusCores: number;
  mediaCores: number;
  serverCores: number;
  serverCoresPerRoom: number;
  /**
   * How many of Janus's threads were ready to run but waiting for a core, on average over the window
   * (their run-queue time summed ÷ wall time; threads that ended meanwhile drop out).
   */
  janusWaiting: number;
  /** This whole process (main thread, generator threads, GC, libuv pool). */
  generatorCores: number;
  threads: ThreadShare[];
  /** Cores busy with anything else on the machine (other users' work). */
  otherCores: number | null;
  drops: { janus: number; media: number; generator: number };
  delayP50Ms: number;
  delayP99Ms: number;
  /** How late the generator's audio clock sent packets (voice-thread.ts), p99 and max over the threads. */
  lateP99Ms: number;
  lateMaxMs: number;
}

/** Packets in flight when a window ends get this long to arrive before counting. */
const GRACE_MS = 1_000;

interface Readings {
  at: number;
  janus: number | null;
  janusWait: number | null;
  media: number | null;
  own: ProcessSample;
  drops: Record<string, number>;
}

const read = (server: ChatServer): Readings => ({
  at: now(),
  janus: processCpuMs(server.janusPid),
  janusWait: processWaitMs(server.janusPid),
  media: processCpuMs(server.mediaPid),
  own: processSample(),
  drops: udpDrops({ janus: server.janusPid, media: server.mediaPid, generator: process.pid }),
});

export const measureWindow = async (
  server: ChatServer,
  pool: VoicePool,
  rooms: number,
  windowSeconds: number,
): Promise<StepFigures> => {
  const threadsBefore = await pool.all<ThreadSample>({ type: 'windowStart' });
  const before = read(server);
  await sleep(windowSeconds * 1000);
  // The threads read themselves first, then wait for packets in flight; /proc is read meanwhile.
  const ending = pool.all<WindowEnd>({ type: 'windowEnd', graceMs: GRACE_MS });
  const after = read(server);
  const ends = await ending;
  const wall = after.at - before.at;
  const cores = (a: number | null, b: number | null) => (a === null || b === null ? Number.NaN : (b - a) / wall);
  const janusCores = cores(before.janus, after.janus);
  const mediaCores = cores(before.media, after.media);
  const generatorCores = (after.own.cpuMs - before.own.cpuMs) / wall;
  const m0 = before.own.machine;
  const m1 = after.own.machine;
  const machineCores =
    m0 && m1 && m1.total > m0.total ? ((m1.busy - m0.busy) / (m1.total - m0.total)) * os.availableParallelism() : null;
  const count = { expected: 0, received: 0, duplicates: 0, sent: 0 };
  const delays = ends[0]!.delays.map((_, i) => ends.reduce((sum, end) => sum + end.delays[i]!, 0));
  for (const end of ends) {
    count.expected += end.count.expected;
    count.received += end.count.received;
    count.duplicates += end.count.duplicates;
    count.sent += end.count.sent;
  }
  const seconds = wall / 1000;
  const lost = count.expected - count.received;
  const drop = (name: string) => (after.drops[name] ?? 0) - (before.drops[name] ?? 0);
  return {
    rooms,
    seconds,
    sentPerSecond: count.sent / seconds,
    forwardedPerSecond: count.received / seconds,
    expected: count.expected,
    received: count.received,
    lost,
    duplicates: count.duplicates,
    lossShare: count.expected > 0 ? lost / count.expected : 0,
    janusCores,
    mediaCores,
    serverCores: janusCores + mediaCores,
    serverCoresPerRoom: (janusCores + mediaCores) / rooms,
    janusWaiting: cores(before.janusWait, after.janusWait),
    generatorCores,
    threads: ends.map((end, t) => threadShare(threadsBefore[t]!, end.sample)),
    otherCores:
      machineCores === null ? null : Math.max(0, machineCores - generatorCores - (janusCores + mediaCores || 0)),
    drops: { janus: drop('janus'), media: drop('media'), generator: drop('generator') },
    delayP50Ms: delayPercentile(delays, 0.5),
    delayP99Ms: delayPercentile(delays, 0.99),
    lateP99Ms: Math.max(...ends.map((end) => end.lateP99Ms)),
    lateMaxMs: Math.max(...ends.map((end) => end.lateMaxMs)),
  };
};
