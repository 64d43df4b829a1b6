import { create } from 'zustand';
import { DEFAULT_BINDINGS, normalizeKey, SHORTCUT_ACTIONS, type Bindings, type ShortcutAction } from './shortcuts';

export type { Bindings };

/** Stored in this browser only (spec 3 §3 "stored locally: … keybindings"). */
export const KEYBINDINGS_KEY = 'belfry.keybindings';
/** An action keeps at most this many keys; a stored list beyond it is not ours and is dropped. */
export const MAX_KEYS_PER_ACTION = 5;
/** The longest key name the browser gives ("AudioVolumeDown" and the like) fits in this. */
export const MAX_KEY_LENGTH = 24;

const validKeys = (value: unknown): string[] | null => {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_KEYS_PER_ACTION) return null;
  const keys: string[] = [];
  for (const key of value) {
    if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH || key === 'Escape') return null;
    const normal = normalizeKey(key);
    if (keys.includes(normal)) return null;
    keys.push(normal);
  }
  return keys;
};

/**
 * What was stored, checked: each known action with a valid list keeps it, everything else (unknown
 * actions, bad lists, unreadable text) falls back to the defaults of spec 3 §9.
 */
export const parseBindings = (text: string | null): Bindings => {
  let stored: unknown;
  try {
    stored = text === null ? null : JSON.parse(text);
  } catch {
    stored = null;
  }
  const source = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  const result = {} as Record<ShortcutAction, readonly string[]>;
  for (const action of SHORTCUT_ACTIONS) {
    result[action] = validKeys((source as Record<string, unknown>)[action]) ?? DEFAULT_BINDINGS[action];
  }
  return result;
};

/** Only what differs from the defaults is stored, so a later change of a default reaches everyone else. */
export const serializeBindings = (bindings: Bindings): string => {
  const changed: Partial<Record<ShortcutAction, readonly string[]>> = {};
  for (const action of SHORTCUT_ACTIONS) {
    if (!sameKeys(bindings[action], DEFAULT_BINDINGS[action])) changed[action] = bindings[action];
  }
  return JSON.stringify(changed);
};

const sameKeys = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((key, i) => key === b[i]);

export const isDefault = (bindings: Bindings, action: ShortcutAction): boolean =>
  sameKeys(bindings[action], DEFAULT_BINDINGS[action]);

export const restoreDefault = (bindings: Bindings, action: ShortcutAction): Bindings => ({
  ...bindings,
  [action]: DEFAULT_BINDINGS[action],
});

/** How a recording ends: the pressed key replaces the action's keys, or is added to them. */
export type RecordMode = 'replace' | 'add';

/**
 * Spec 3 §4 "Recording a shortcut": a key replaces the binding, the add button appends, Escape
 * restores the default, adding a duplicate cancels (nothing changes). An add beyond the
 * per-action bound also changes nothing.
 */
export const recordKey = (bindings: Bindings, action: ShortcutAction, key: string, mode: RecordMode): Bindings => {
  if (key === 'Escape') return restoreDefault(bindings, action);
  const normal = normalizeKey(key);
  if (normal.length === 0 || normal.length > MAX_KEY_LENGTH) return bindings;
  if (mode === 'replace') return { ...bindings, [action]: [normal] };
  const keys = bindings[action];
  if (keys.includes(normal) || keys.length >= MAX_KEYS_PER_ACTION) return bindings;
  return { ...bindings, [action]: [...keys, normal] };
};

const readStored = (): Bindings => {
  try {
    return parseBindings(localStorage.getItem(KEYBINDINGS_KEY));
  } catch {
    return parseBindings(null);
  }
};

export const useKeybindings = create<{ bindings: Bindings }>(() => ({ bindings: readStored() }));

export const setBindings = (bindings: Bindings): void => {
  useKeybindings.setState({ bindings });
  try {
    localStorage.setItem(KEYBINDINGS_KEY, serializeBindings(bindings));
  } catch {
    // Kept for this visit only.
  }
};

export const currentBindings = (): Bindings => useKeybindings.getState().bindings;
