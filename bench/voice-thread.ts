/**
 * Runs in a worker thread (voice-pool.ts): whole rooms of synthetic peers and their audio clock, so a
 * publisher and everyone who receives it live on one thread and packets are counted exactly.
 */
import { parentPort } from 'node:worker_threads';
import { type ThreadSample, threadSample } from './cpu';
import { newDelays } from './voice-audio';
import { type RoomConnect, type RoomCount, type RoomSpec, VoiceRoom } from './voice-room';
import { now, sleep } from './timing';

export type VoiceCommand =
  | { type: 'connect'; spec: RoomSpec }
  | { type: 'windowStart' }
  | { type: 'windowEnd'; graceMs: number }
  | { type: 'close' };

export interface WindowEnd {
  /** This thread's readings when the window ended (before the grace for packets in flight). */
  sample: ThreadSample;
  count: RoomCount;
  /** One-way delays of talk packets received in the window (voice-audio.ts buckets). */
  delays: number[];
  /** How overdue the most overdue packet of each clock tick was in the window: p99 and max (ms). */
  lateP99Ms: number;
  lateMaxMs: number;
}

export type VoiceAnswer = RoomConnect | ThreadSample | WindowEnd | null;

export interface VoiceRequest {
  id: number;
  command: VoiceCommand;
}

export type VoiceReply = { id: number; ok: true; result: VoiceAnswer } | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('voice-thread.ts runs as a worker thread (see voice-pool.ts).');

/** The audio clock's period: packets are due every 20 ms, the clock catches up on what a late tick missed. */
const TICK_MS = 5;

const rooms: VoiceRoom[] = [];
let delays = newDelays();
/** Per clock tick, how late its most overdue packet went out, in 1 ms steps up to 1 s. */
const late = new Array<number>(1_001).fill(0);

const clock = setInterval(() => {
  const at = now();
  let worst = 0;
  for (const room of rooms) worst = Math.max(worst, room.tick(at));
  late[Math.min(late.length - 1, Math.floor(worst))]!++;
}, TICK_MS);

/** The p99 and the max of `late` (ms). */
const lateness = () => {
  const total = late.reduce((sum, n) => sum + n, 0);
  let seen = 0;
  let p99 = 0;
  for (const [ms, n] of late.entries()) {
    seen += n;
    if (seen >= 0.99 * total) {
      p99 = ms;
      break;
    }
  }
  const worst = late.findLastIndex((n) => n > 0);
  return { lateP99Ms: p99, lateMaxMs: Math.max(0, worst) };
};

const handle = async (command: VoiceCommand): Promise<VoiceAnswer> => {
  switch (command.type) {
    case 'connect': {
      const room = new VoiceRoom(command.spec, delays);
      rooms.push(room);
      return room.connect();
    }
    case 'windowStart': {
      delays.fill(0);
      late.fill(0);
      for (const room of rooms) room.windowStart();
      return threadSample();
    }
    case 'windowEnd': {
      for (const room of rooms) room.windowEnd();
      const sample = threadSample();
      const clockLate = lateness();
      await sleep(command.graceMs);
      const count: RoomCount = { expected: 0, received: 0, duplicates: 0, sent: 0 };
      for (const room of rooms) {
        const c = room.count();
        count.expected += c.expected;
        count.received += c.received;
        count.duplicates += c.duplicates;
        count.sent += c.sent;
      }
      return { sample, count, delays: [...delays], ...clockLate };
    }
    case 'close': {
      clearInterval(clock);
      await Promise.all(rooms.map((room) => room.close()));
      rooms.length = 0;
      delays = newDelays();
      return null;
    }
  }
};

port.on('message', ({ id, command }: VoiceRequest) => {
  handle(command).then(
    (result) => port.postMessage({ id, ok: true, result } satisfies VoiceReply),
    (error: Error) => port.postMessage({ id, ok: false, message: error.message } satisfies VoiceReply),
  );
});
port.postMessage({ ready: true });
