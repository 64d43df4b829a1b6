import { MAX_SESSION_CODE, normalizeSessionCode } from '@belfry/engine';

/** Spec 2 §4 "Joining": the prompt asks for at least 3 characters. */
export const MIN_SESSION_CODE = 3;

export type JoinCodeCheck = { ok: true; code: string } | { ok: false; reason: 'too_short' | 'invalid' };

/** A code is trimmed, lower-cased and cut to 20 characters; it must keep at least 3. */
export const checkJoinCode = (raw: string): JoinCodeCheck => {
  const code = normalizeSessionCode(raw);
  if (code.length < MIN_SESSION_CODE) return { ok: false, reason: 'too_short' };
  // The code travels in the socket query and in /join links: no slashes, spaces or control characters.
  if (!/^[\p{L}\p{N}_-]+$/u.test(code)) return { ok: false, reason: 'invalid' };
  return { ok: true, code };
};

export { MAX_SESSION_CODE };
