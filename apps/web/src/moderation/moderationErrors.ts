import { toAppError } from '../api/appError';
import { translateServerMessage } from '../i18n/serverMessages';

/** Failures the console names itself; anything else is shown as a generic failure with the server's words. */
export const MODERATION_ERROR_CODES = [
  'forbidden',
  'not_found',
  'rate_limited',
  'email_taken',
  'network',
  'timeout',
] as const;

export interface ModerationFailure {
  key: string;
  /** The server's own message, for a refusal the console has no text of its own for (e.g. validation). */
  detail: string | null;
}

export const moderationFailure = (error: unknown): ModerationFailure => {
  const appError = toAppError(error);
  const known = (MODERATION_ERROR_CODES as readonly string[]).includes(appError.code);
  return {
    key: known ? `moderation.errors.${appError.code}` : 'moderation.errors.generic',
    detail: known ? null : translateServerMessage(appError.message) || null,
  };
};
