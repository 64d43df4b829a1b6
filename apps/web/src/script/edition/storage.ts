/** The part of `localStorage` the edition picker uses (a plain object in tests). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const memory = new Map<string, string>();
const fallback: KeyValueStore = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
};

/** The browser's localStorage, or a store for this visit only where it is blocked. */
export const browserStore = (): KeyValueStore => {
  try {
    const store = globalThis.localStorage;
    if (store) return store;
  } catch {
    // Storage blocked (private mode, policy): fall through.
  }
  return fallback;
};

export const readKey = (store: KeyValueStore, key: string): string | null => {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
};

export const writeKey = (store: KeyValueStore, key: string, value: string): void => {
  try {
    store.setItem(key, value);
  } catch {
    // Quota or policy: the choice lasts for this visit only.
  }
};
