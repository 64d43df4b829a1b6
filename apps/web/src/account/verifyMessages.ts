import type { AppError } from '../api/appError';
import { translateServerMessage } from '../i18n/serverMessages';

/** Spec 2 §4: cooldowns of 60 s when resending and 10 s when submitting a code. */
export const RESEND_COOLDOWN_S = 60;
export const SUBMIT_COOLDOWN_S = 10;

export type EmailAction = 'submit' | 'resend';

/** What the Verification page shows: an i18n key with its values, or the server's text as it came. */
export interface PageMessage {
  kind: 'error' | 'notice';
  key?: string;
  params?: Record<string, string | number>;
  raw?: string;
}

export interface EmailFailure {
  message: PageMessage;
  /** 404: the address is verified already; the user continues to the Lobby. */
  alreadyVerified: boolean;
}

/** The wait a 429 asks for: the server's retryAfter, else the spec's cooldown for the action. */
export const cooldownSeconds = (error: Pick<AppError, 'retryAfter'>, fallback: number): number =>
  error.retryAfter !== undefined && error.retryAfter > 0 ? Math.ceil(error.retryAfter) : fallback;

/**
 * Spec 2 §8 "E-mail verification errors": 429 wait (60 s resending, 10 s submitting); wrong code;
 * 403 unauthorized; 400 disposable address; 404 already verified; others shown raw.
 */
export const emailFailure = (error: AppError, action: EmailAction): EmailFailure => {
  const error_ = (key: string, params?: PageMessage['params']): EmailFailure => ({
    message: { kind: 'error', key, params },
    alreadyVerified: false,
  });
  const { code, status } = error;
  if (status === 429 || code === 'cooldown') {
    const seconds = cooldownSeconds(error, action === 'resend' ? RESEND_COOLDOWN_S : SUBMIT_COOLDOWN_S);
    return error_('verification.errors.cooldown', { count: seconds });
  }
  if (code === 'wrong_code' || code === 'invalid_code') return error_('verification.errors.wrong_code');
  if (code === 'already_verified' || status === 404) {
    return { message: { kind: 'notice', key: 'verification.errors.already_verified' }, alreadyVerified: true };
  }
  if (status === 403 || status === 401 || code === 'unauthorized' || code === 'forbidden')
    return error_('verification.errors.unauthorized');
  if (code === 'disposable_email') return error_('verification.errors.disposable');
  if (code === 'network' || code === 'timeout') return error_(`errors.codes.${code}`);
  const raw = translateServerMessage(error.message.trim());
  return raw
    ? { message: { kind: 'error', raw }, alreadyVerified: false }
    : error_('verification.errors.other', { status: status ?? code });
};
