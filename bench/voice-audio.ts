import { randomInt } from 'node:crypto';
import { RtpHeader, RtpPacket } from 'werift';

/**
 * Synthetic Opus over RTP. Janus never decodes Opus, so only sizes and timing matter: a talker sends
 * an 80-byte packet every 20 ms, a silent publisher what Opus DTX sends, a 3-byte packet every 400 ms.
 * Every payload starts with an Opus TOC byte and the publisher's packet counter (16 bits), so each
 * subscriber knows exactly which packets of which publisher reached it; talk packets also carry their
 * send time, for the one-way delay through Janus.
 */
export const TALK_MS = 20;
export const TALK_BYTES = 80;
export const DTX_MS = 400;
export const DTX_BYTES = 3;
/** Opus TOC bytes: config 15 (hybrid, fullband, 20 ms) and config 9 (SILK, wideband, 20 ms), mono, one frame. */
const TOC_TALK = 0x78;
const TOC_DTX = 0x48;
/** Opus RTP runs on a 48 kHz clock. */
const TICKS_PER_MS = 48;

/** One publisher's audio: the packets it sent and where the measuring window starts and ends. */
export class AudioSource {
  /** Packets sent so far, which is also the index of the next one. */
  count = 0;
  /** Packet indexes [windowStart, windowEnd) are the window's; before a window, nothing counts. */
  windowStart = Number.POSITIVE_INFINITY;
  windowEnd = Number.POSITIVE_INFINITY;
  private talking = false;
  private nextAt = Number.POSITIVE_INFINITY;
  private readonly seq = randomInt(0, 0x10000);
  private readonly rtpBase = randomInt(0, 0x100000000);
  private send: ((packet: RtpPacket) => void) | null = null;
  private marker = false;
  private payloadType = 111;

  /** The sending connection is up: the first packet goes out at once (the encoder's first frame). */
  start(send: (packet: RtpPacket) => void, at: number, payloadType: number): void {
    this.send = send;
    this.payloadType = payloadType;
    this.nextAt = at;
  }

  stop(): void {
    this.send = null;
    this.nextAt = Number.POSITIVE_INFINITY;
  }

  get live(): boolean {
    return this.send !== null;
  }

  /**
   * Sends every packet due by `at`, catching up after a late timer so that counts stay exact; answers
   * how late the oldest of them was (ms).
   */
  tick(at: number, talking: boolean): number {
    if (!this.send) return 0;
    if (talking !== this.talking) {
      this.talking = talking;
      // A talk spurt begins at once with the marker bit set; silence begins with a DTX packet.
      this.nextAt = at;
      this.marker = talking;
    }
    let late = 0;
    while (this.nextAt <= at) {
      late = Math.max(late, at - this.nextAt);
      this.emit(this.nextAt);
      this.nextAt += this.talking ? TALK_MS : DTX_MS;
    }
    return late;
  }

  private emit(due: number): void {
    const index = this.count++;
    const payload = Buffer.alloc(this.talking ? TALK_BYTES : DTX_BYTES);
    payload[0] = this.talking ? TOC_TALK : TOC_DTX;
    payload.writeUInt16BE(index & 0xffff, 1);
    if (this.talking) payload.writeDoubleBE(due, 3);
    // werift's sendRtp rewrites ssrc, payload type and offsets in the packet and keeps it for
    // retransmission: a fresh packet every time.
    const header = new RtpHeader({
      sequenceNumber: (this.seq + index) & 0xffff,
      timestamp: (this.rtpBase + Math.round(due * TICKS_PER_MS)) >>> 0,
      marker: this.marker,
      payloadType: this.payloadType,
    });
    this.marker = false;
    this.send?.(new RtpPacket(header, payload));
  }
}

/** One-way delays of talk packets, in 0.1 ms steps up to 500 ms (the last bucket holds the rest). */
export const DELAY_BUCKETS = 5_000;
export const newDelays = () => new Array<number>(DELAY_BUCKETS + 1).fill(0);

/** What one subscriber received of one publisher. */
export class AudioSink {
  received = 0;
  /** Received packets whose index lies in the publisher's window. */
  windowReceived = 0;
  /** A packet at or before the last index seen: a duplicate or reordered, not counted. */
  duplicates = 0;
  firstAt: number | null = null;
  private last = -1;

  constructor(
    readonly source: AudioSource,
    private readonly delays: number[],
    private readonly now: () => number,
  ) {}

  onPacket(payload: Buffer): void {
    if (payload.length < DTX_BYTES) return;
    const at = this.now();
    // The publisher's counter at this moment is known (same thread): the 16-bit index unwraps against it.
    const newest = this.source.count - 1;
    const index = newest - ((newest - payload.readUInt16BE(1)) & 0xffff);
    if (index <= this.last) {
      this.duplicates++;
      return;
    }
    this.last = index;
    this.received++;
    this.firstAt ??= at;
    if (index < this.source.windowStart || index >= this.source.windowEnd) return;
    this.windowReceived++;
    if (payload.length >= 11) {
      const tenths = Math.floor((at - payload.readDoubleBE(3)) * 10);
      this.delays[Math.min(DELAY_BUCKETS, Math.max(0, tenths))]!++;
    }
  }
}

/** Percentile (nearest rank) of a delay histogram, in ms; NaN when empty. */
export const delayPercentile = (delays: readonly number[], q: number): number => {
  const total = delays.reduce((sum, n) => sum + n, 0);
  if (total === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const [tenths, n] of delays.entries()) {
    seen += n;
    if (seen >= rank) return tenths / 10;
  }
  return DELAY_BUCKETS / 10;
};
