import type { Socket } from 'socket.io-client';
import { sleep } from './timing';

/** One `ping` round trip, all in ms of the client's clock except `serverTime`. */
export interface PingSample {
  sent: number;
  received: number;
  serverTime: number;
}

export interface OffsetEstimate {
  /** serverTime − client time, NTP style from the sample with the smallest round trip. */
  offset: number;
  /** That sample's round trip. */
  rtt: number;
  /** What a client that ignores the round trip gets (serverTime − arrival of the answer, first sample). */
  naiveOffset: number;
  samples: PingSample[];
}

/** offset = serverTime − (sent + received) / 2: exact when both ways take equally long. */
export const ntpOffset = (sample: PingSample) => sample.serverTime - (sample.sent + sample.received) / 2;

/**
 * Asks the server for its time `count` times, one ping at a time, `gapMs` apart, and keeps the
 * sample with the smallest round trip: the one least disturbed by queueing on either side.
 */
export const estimateOffset = async (
  socket: Socket,
  count: number,
  gapMs = 30,
  timeoutMs = 5000,
): Promise<OffsetEstimate> => {
  const samples: PingSample[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) await sleep(gapMs);
    const sent = Date.now();
    const ack = (await socket.timeout(timeoutMs).emitWithAck('ping', { sentAt: sent })) as {
      ok: boolean;
      serverTime?: unknown;
    };
    const received = Date.now();
    if (!ack.ok || typeof ack.serverTime !== 'number') throw new Error(`ping answered ${JSON.stringify(ack)}`);
    samples.push({ sent, received, serverTime: ack.serverTime });
  }
  const best = samples.reduce((a, b) => (b.received - b.sent < a.received - a.sent ? b : a));
  const first = samples[0]!;
  return {
    offset: ntpOffset(best),
    rtt: best.received - best.sent,
    naiveOffset: first.serverTime - first.received,
    samples,
  };
};
