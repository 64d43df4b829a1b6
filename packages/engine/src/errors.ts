/**
 * Refusal codes shared by engine, server and client. The client shows a dialogue keyed by the
 * action that failed (spec 1 §8); the code says why.
 */
export const ERROR_CODES = [
  'bad_request',
  'unknown_event',
  'payload_too_large',
  'unauthorized',
  'forbidden',
  'not_found',
  'session_exists',
  'session_disconnected',
  'seat_taken',
  'seat_held',
  'limit_reached',
  'already_seated',
  'not_seated',
  'no_such_seat',
  'max_players',
  'nomination_active',
  'stale',
  'hook_in_progress',
  'storyteller_exists',
  'not_storyteller',
  'rate_limited',
  'email_taken',
  'invalid_credentials',
  'captcha_invalid',
  'account_disabled',
  'disposable_email',
  'already_verified',
  'wrong_code',
  'invalid_code',
  'cooldown',
  'assigned',
  'restart',
  'payment_required',
  'session_full',
  'subscription_needed',
  'forced_private',
  'phone_verification_needed',
  'banned_from_session',
  'kicked',
  /** A moderator banned the account: its sockets close with this (issue 18). */
  'banned',
  /** One account holds too many sockets (apps/server sessions/socketCaps.ts): the oldest or the newest is closed. */
  'too_many_connections',
  'grimoire_not_allowed',
  'pointing_active',
  'not_running',
  'vote_locked',
  'no_vote',
  'vote_in_progress',
  'whispers_closed',
  'rooms_closed',
  'chat_server_full',
  'chat_server_unavailable',
  'chat_server_current',
  'no_chat_server',
  /** The community script tournament (spec 3 §8): the match's vote has closed, has not opened, or the account is new. */
  'votelocked',
  'voteupcoming',
  'newuser',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface Refusal {
  code: ErrorCode;
  message: string;
  /** With rate_limited: seconds (a tenth at least) until trying again can work. */
  retryAfter?: number;
}

export const refuse = (code: ErrorCode, message: string): Refusal => ({ code, message });

/** Spec 1 §8 names these messages literally. */
export const HOOK_IN_PROGRESS = 'hook already in progress';
export const SESSION_DISCONNECTED = 'Session disconnected';
