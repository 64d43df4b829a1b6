/**
 * Spec 1 §5: the hidden prompt keeps a history of the last 6 keys; these six open it. None of them is
 * a shortcut (l leaves the session, f goes full screen…), so typing them does nothing else.
 */
export const SECRET_KEYS = 'wishes';
export const KEY_HISTORY = 6;

/** The next key history (letters only, lower case, the last 6) and whether it now opens the prompt. */
export const nextKeyHistory = (history: string, key: string): { history: string; opens: boolean } => {
  if (!/^[a-z]$/i.test(key)) return { history: '', opens: false };
  const next = (history + key.toLowerCase()).slice(-KEY_HISTORY);
  return next === SECRET_KEYS ? { history: '', opens: true } : { history: next, opens: false };
};
