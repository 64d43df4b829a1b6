/**
 * How the client answers a refused join (API.md: the `connect_error` message) and a `closed` event
 * (spec 2 §4 Joining). Every refusal ends the attempt: only `unauthorized` is retried (after a refresh).
 */
export type JoinRefusalHandling =
  /** No subscription and no boost: an alert, then nothing more (no retry). */
  | { kind: 'subscription' }
  /** A public session needs a verified phone: open the verification; retry once it succeeded. */
  | { kind: 'phone' }
  /** A dialogue saying why, then back to the Lobby. */
  | { kind: 'dialog'; textKey: string };

export const JOIN_REFUSAL_TEXTS = [
  'session_full',
  'forced_private',
  'banned_from_session',
  'not_found',
  'bad_request',
  /** Too many handshakes from the account, or unknown codes from the address (apps/server README). */
  'rate_limited',
  'other',
] as const;

export const joinRefusalHandling = (code: string): JoinRefusalHandling => {
  if (code === 'subscription_needed') return { kind: 'subscription' };
  if (code === 'phone_verification_needed') return { kind: 'phone' };
  const known = (JOIN_REFUSAL_TEXTS as readonly string[]).includes(code) ? code : 'other';
  return { kind: 'dialog', textKey: `join_refused.${known}` };
};

/** Why the server ended the connection on purpose (`closed {code}`), as title and text keys. */
export const CLOSED_CODES = ['kicked', 'subscription_needed', 'too_many_connections', 'other'] as const;

export const closedTexts = (code: string): { titleKey: string; textKey: string } => {
  const known = (CLOSED_CODES as readonly string[]).includes(code) ? code : 'other';
  return { titleKey: `session_closed.${known}_title`, textKey: `session_closed.${known}_text` };
};
