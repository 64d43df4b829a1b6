import type { AppError } from '../api/appError';
import type { AuthMode } from './authForm';
import { translateServerMessage } from '../i18n/serverMessages';

/** A line for the login screen: an i18n key with values, or the server's own words. */
export interface AuthMessage {
  key?: string;
  params?: Record<string, string | number>;
  raw?: string;
}

const FAILED: Record<AuthMode, string> = {
  login: 'login.errors.login_failed',
  register: 'login.errors.register_failed',
  recover: 'login.errors.recover_failed',
  reset: 'login.errors.reset_failed',
};

/**
 * Spec 2 §8 "Login and registration": 'Wrong e-mail address or password.' (the server's message);
 * a refused captcha (error_captcha); 'Authentication server unavailable'; 'Error logging in:
 * {message}'; 'Unable to register account…'; 'Unable to recover account'. 403 account_disabled
 * is not here: it shows a notification instead.
 */
export const authFailureMessage = (mode: AuthMode, error: AppError): AuthMessage => {
  switch (error.code) {
    case 'network':
    case 'timeout':
      return { key: 'login.errors.unavailable' };
    case 'invalid_credentials':
      return error.message
        ? { raw: translateServerMessage(error.message) }
        : { key: 'errors.codes.invalid_credentials' };
    case 'captcha_invalid':
      return { key: 'login.errors.captcha' };
    case 'rate_limited':
      return error.retryAfter
        ? { key: 'login.errors.wait', params: { count: error.retryAfter } }
        : { key: 'errors.codes.rate_limited' };
    case 'cooldown':
      // Codes (reset) may be tried every 10 s (spec 2 §4).
      return { key: 'login.errors.cooldown', params: { count: error.retryAfter ?? 10 } };
    case 'invalid_code':
    case 'wrong_code':
      return { key: 'login.errors.reset_code' };
    case 'disposable_email':
    case 'email_taken':
      return { key: `errors.codes.${error.code}` };
    case 'bad_request':
      return { key: 'errors.codes.bad_request' };
    default:
      return {
        key: FAILED[mode],
        params: { message: translateServerMessage(error.message) || String(error.status ?? error.code) },
      };
  }
};
