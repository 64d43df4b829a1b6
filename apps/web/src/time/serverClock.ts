import { serverOffset as versionOffset } from './clockStore';

/**
 * The server clock (issue 6): the vote hand is drawn from server time, and a hand change carries the
 * moment it happened in server time. The offset is measured NTP style from `ping` (its answer carries
 * `serverTime`): offset = serverTime − (sent + received) / 2, which is exact when both ways take equally
 * long. Of the recent samples the one with the smallest round trip wins: it is the one least disturbed
 * by queueing on either side.
 */
export interface ClockSample {
  /** Client clock when the ping left. */
  sent: number;
  /** Client clock when its answer arrived. */
  received: number;
  /** The server's clock when it answered. */
  serverTime: number;
}

export const roundTrip = (sample: ClockSample): number => sample.received - sample.sent;

/** serverTime − the midpoint of the round trip (positive: the server is ahead of this device). */
export const sampleOffset = (sample: ClockSample): number => sample.serverTime - (sample.sent + sample.received) / 2;

/** A burst right after connecting (the first at once), then one sample per regular ping (every 60 s). */
export const BURST_SAMPLES = 5;
export const BURST_GAP_MS = 300;
/**
 * Samples older than this give way: device clocks drift (tens of ppm, i.e. a few ms per minute) and
 * may be set, so an old sample with a small round trip must not win for ever.
 */
export const SAMPLE_MAX_AGE_MS = 10 * 60_000;
/** At most this many samples are kept (a burst plus the pings of the last minutes). */
export const MAX_SAMPLES = 16;

export class ClockOffsetEstimator {
  private samples: ClockSample[] = [];
  private bestSample: ClockSample | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** Records one answered ping; an impossible one (negative round trip) is ignored. */
  add(sample: ClockSample): void {
    if (!(roundTrip(sample) >= 0) || !Number.isFinite(sample.serverTime)) return;
    this.samples.push(sample);
    this.prune();
  }

  /**
   * The best sample: the smallest round trip among the recent ones (judged when a sample arrives,
   * so reading it every animation frame costs nothing); null before the first answer.
   */
  best(): ClockSample | null {
    return this.bestSample;
  }

  /** serverTime − client time in ms; null until a ping was answered. */
  offset(): number | null {
    const best = this.best();
    return best ? sampleOffset(best) : null;
  }

  /** The round trip of the best sample (what the offset may be off by, at most half of it). */
  roundTrip(): number | null {
    const best = this.best();
    return best ? roundTrip(best) : null;
  }

  get size(): number {
    return this.samples.length;
  }

  clear(): void {
    this.samples = [];
    this.bestSample = null;
  }

  /** Keeps the newest sample always, the others while they are younger than SAMPLE_MAX_AGE_MS. */
  private prune(): void {
    const cutoff = this.now() - SAMPLE_MAX_AGE_MS;
    const newest = this.samples.at(-1);
    this.samples = this.samples.filter((s) => s === newest || s.received >= cutoff).slice(-MAX_SAMPLES);
    this.bestSample = null;
    for (const s of this.samples)
      if (!this.bestSample || roundTrip(s) < roundTrip(this.bestSample)) this.bestSample = s;
  }
}

/** The app's one estimate, fed by the session connection's pings. */
export const serverClock = new ClockOffsetEstimator();

/**
 * The current server time as this device best knows it. Before the first ping answer the offset
 * measured against GET /backend/version at start-up stands in (coarser: it ignores the round trip).
 */
export const serverNow = (): number => Date.now() + (serverClock.offset() ?? versionOffset());
