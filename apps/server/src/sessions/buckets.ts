import type { ClientEvent } from '@belfry/protocol';

/**
 * Issue 14: a token bucket per user and family of socket messages. A bucket holds `burst` tokens and
 * gains `perSecond` back; each message takes one, and a message finding the bucket empty is refused
 * with `rate_limited` and the time until a token is back. The numbers are in apps/server/README.md.
 */
export type Family = 'chat' | 'typing' | 'reminders' | 'signals' | 'hands' | 'seats' | 'other';
/** What a bucket counts: a family of messages, or new sockets. */
export type Counted = Family | 'connect';

export interface Rate {
  burst: number;
  perSecond: number;
}

export const RATES: Record<Family, Rate> = {
  chat: { burst: 8, perSecond: 1 },
  typing: { burst: 10, perSecond: 2 },
  reminders: { burst: 20, perSecond: 3 },
  signals: { burst: 6, perSecond: 0.5 },
  hands: { burst: 10, perSecond: 4 },
  seats: { burst: 6, perSecond: 1 },
  other: { burst: 40, perSecond: 10 },
};

/** Not a message: each new socket of the user takes one in the handshake, before any lookup (socketCaps.ts). */
export const CONNECT_RATE: Rate = { burst: 30, perSecond: 0.2 };

const FAMILY: Partial<Record<ClientEvent, Family>> = {
  textMessage: 'chat',
  textMessageIndicator: 'typing',
  addReminder: 'reminders',
  removeReminder: 'reminders',
  flipReminder: 'reminders',
  signal: 'signals',
  signalSeen: 'signals',
  vote: 'hands',
  raiseHand: 'hands',
  point: 'hands',
  openEyes: 'hands',
  // A player's own seat and requests (each leaves a system message or a request behind); the
  // Storyteller's seat work (adding twelve seats in a row) is "everything else".
  claimSeat: 'seats',
  requestGrimoire: 'seats',
  requestStoryteller: 'seats',
};

export const scaleRates = (factor: number): Record<Counted, Rate> =>
  Object.fromEntries(
    Object.entries({ ...RATES, connect: CONNECT_RATE }).map(([family, rate]) => [
      family,
      { burst: rate.burst * factor, perSecond: rate.perSecond * factor },
    ]),
  ) as Record<Counted, Rate>;

/**
 * Unknown events count as "everything else": every message costs a token, even a refused one. Own keys
 * only: an event named 'constructor' or 'toString' is an unknown one, not Object's.
 */
export const familyOf = (event: string): Family =>
  Object.hasOwn(FAMILY, event) ? (FAMILY[event as ClientEvent] ?? 'other') : 'other';

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  private buckets = new Map<string, Bucket>();

  constructor(private readonly rates: Record<Counted, Rate> = scaleRates(1)) {}

  /** Takes a token; null when there was one, else the seconds until there is (at least 0.1). */
  take(userId: string, family: Counted, now: number): number | null {
    const rate = this.rates[family];
    const key = `${family}:${userId}`;
    const bucket = this.buckets.get(key) ?? { tokens: rate.burst, at: now };
    bucket.tokens = Math.min(rate.burst, bucket.tokens + ((now - bucket.at) / 1000) * rate.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    return Math.max(0.1, Math.ceil(((1 - bucket.tokens) / rate.perSecond) * 10) / 10);
  }

  /** Forgets buckets that have filled up again (run now and then, so idle users cost no memory). */
  sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      const rate = this.rates[key.slice(0, key.indexOf(':')) as Counted];
      if (bucket.tokens + ((now - bucket.at) / 1000) * rate.perSecond >= rate.burst) this.buckets.delete(key);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}
