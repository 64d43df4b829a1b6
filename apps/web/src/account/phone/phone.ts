import { dialPrefix, phoneNumber } from '@belfry/protocol';
import type { AppError } from '../../api/appError';

/** Spec 2 §9 / API.md: 60 s between sending codes, 10 s between code submissions. */
export const SEND_COOLDOWN_S = 60;
export const SUBMIT_COOLDOWN_S = 10;

/** What the user typed, reduced to digits (spaces, dashes and brackets are typing habits). */
export const phoneDigits = (raw: string): string => raw.replace(/\D/g, '').slice(0, 20);

/**
 * Spec 2 §5 "Phone": digits only, leading zeros stripped, 1–14 digits (the protocol's
 * `phoneNumber` decides). Answers the number to send, or the i18n key of what is wrong.
 */
export const normalisePhone = (raw: string): { ok: true; phone: string } | { ok: false; error: string } => {
  const trimmed = raw.trim();
  if (!trimmed) return { ok: false, error: 'phone.errors.number_required' };
  const parsed = phoneNumber.safeParse(trimmed.replace(/[\s\-().]/g, ''));
  return parsed.success ? { ok: true, phone: parsed.data } : { ok: false, error: 'phone.errors.number_invalid' };
};

/** Spec 2 §5: the SMS code is exactly six characters. */
export const isPhoneCode = (code: string): boolean => code.trim().length === 6;

/** Spec 2 §9: the saved phone lives in localStorage between the two steps. */
export const SAVED_PHONE_KEY = 'belfry.phone';

export interface SavedPhone {
  /** ISO code of the chosen country (several share a prefix). */
  country: string;
  prefix: string;
  phone: string;
}

export const readSavedPhone = (storage: Pick<Storage, 'getItem'>): SavedPhone | null => {
  try {
    const value = JSON.parse(storage.getItem(SAVED_PHONE_KEY) ?? 'null') as Partial<SavedPhone> | null;
    if (!value || typeof value.country !== 'string') return null;
    if (!dialPrefix.safeParse(value.prefix).success || !phoneNumber.safeParse(value.phone).success) return null;
    return { country: value.country, prefix: String(value.prefix), phone: String(value.phone) };
  } catch {
    return null;
  }
};

export const writeSavedPhone = (storage: Pick<Storage, 'setItem' | 'removeItem'>, saved: SavedPhone | null): void => {
  if (saved) storage.setItem(SAVED_PHONE_KEY, JSON.stringify(saved));
  else storage.removeItem(SAVED_PHONE_KEY);
};

export type PhoneStep = 'send' | 'submit';

export interface PhoneFailure {
  key: string;
  params?: Record<string, string | number>;
  /** Spec 2 §8: on restart or 404 the saved phone is cleared (back to step 1), otherwise the code. */
  restart: boolean;
}

/**
 * Spec 2 §8 "Phone verification errors", as API.md maps them: 403 contact support; 429 wait 60 s
 * before sending, 10 s after ('cooldown' alone: 10 s); 402 the SMS budget is spent; 404 and
 * 'restart' reset the flow; 'assigned' or 'Value is already assigned': the number is in use;
 * anything else a generic error with the status.
 */
export const phoneFailure = (error: AppError, step: PhoneStep): PhoneFailure => {
  const { code, status } = error;
  if (status === 429 || code === 'cooldown') {
    const fallback = status === 429 && step === 'send' ? SEND_COOLDOWN_S : SUBMIT_COOLDOWN_S;
    return { key: 'phone.errors.cooldown', params: { count: error.retryAfter ?? fallback }, restart: false };
  }
  if (status === 410 || code === 'restart') return { key: 'phone.errors.restart', restart: true };
  if (status === 404 || code === 'not_found') return { key: 'phone.errors.not_found', restart: true };
  if (code === 'assigned' || status === 409 || /value is already assigned/i.test(error.message))
    return { key: 'phone.errors.assigned', restart: false };
  if (status === 403 || code === 'forbidden') return { key: 'phone.errors.forbidden', restart: false };
  if (status === 402 || code === 'payment_required') return { key: 'phone.errors.payment', restart: false };
  if (code === 'wrong_code') return { key: 'phone.errors.wrong_code', restart: false };
  if (code === 'network' || code === 'timeout') return { key: `errors.codes.${code}`, restart: false };
  return { key: 'phone.errors.generic', params: { status: status ?? code }, restart: false };
};
