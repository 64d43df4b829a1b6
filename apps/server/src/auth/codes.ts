import { HttpError } from '../http/errors';
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** Six random digits (spec 2 §5: verification codes are digits only, exactly 6). */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export const hashCode = (code: string, salt: string): string =>
  createHash('sha256').update(`${salt}:${code}`).digest('hex');

export const codeMatches = (code: string, salt: string, stored: string): boolean => {
  const a = Buffer.from(hashCode(code, salt), 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

export const CODE_TTL_MS = 30 * 60_000;
/** Wrong codes allowed before a code is spent. */
export const MAX_CODE_ATTEMPTS = 5;
/** Spec 2 §4/§8: 60 s between sends, 10 s between submissions. */
export const RESEND_COOLDOWN_MS = 60_000;
export const SUBMIT_COOLDOWN_MS = 10_000;

/** 429 with the seconds left, stated in the message (spec 2 §8). */
export const cooldown = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return new HttpError(429, 'cooldown', `Please wait ${seconds} s before trying again.`, seconds);
};
