import { MAX_SCRIPT_BYTES } from '@belfry/content';
import { readKey, writeKey, type KeyValueStore } from './storage';
import { IMAGE_OPT_IN_KEY } from '../../ui/imageOptIn';

const BYTES_PER_MB = 1024 * 1024;

/** Megabytes with two decimals, rounded up so that a file just over the limit never reads as "1 MB". */
export const toMb = (bytes: number): number => Math.ceil((bytes / BYTES_PER_MB) * 100) / 100;

export interface SizeProblem {
  kind: 'size';
  actualMb: number;
  allowedMb: number;
}

/** Spec 3 §5: a custom script file is at most 1 MB; else modals.edition.error_size with both sizes in MB. */
export const checkFileSize = (bytes: number): SizeProblem | null =>
  bytes > MAX_SCRIPT_BYTES ? { kind: 'size', actualMb: toMb(bytes), allowedMb: toMb(MAX_SCRIPT_BYTES) } : null;

/** Spec 3 §2: the last custom script URL is kept in local storage. */
export const LAST_URL_KEY = 'belfry.edition.lastUrl';

/** An absolute http(s) address: the only kind the browser is asked to fetch. */
export const isScriptUrl = (text: string): boolean => {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export const lastScriptUrl = (store: KeyValueStore): string => {
  const stored = readKey(store, LAST_URL_KEY) ?? '';
  return isScriptUrl(stored) ? stored : '';
};

/** Keeps the address (trimmed) when it is one the picker would fetch; says whether it did. */
export const rememberScriptUrl = (store: KeyValueStore, url: string): boolean => {
  const trimmed = url.trim();
  if (!isScriptUrl(trimmed)) return false;
  writeKey(store, LAST_URL_KEY, trimmed);
  return true;
};

/** Spec 3 §3 general setting isImageOptIn: the picker and Settings write the key ui/imageOptIn reads. */
export { IMAGE_OPT_IN_KEY };

export const isImageOptIn = (store: KeyValueStore): boolean => readKey(store, IMAGE_OPT_IN_KEY) === 'true';

export const setImageOptIn = (store: KeyValueStore, value: boolean): void => {
  writeKey(store, IMAGE_OPT_IN_KEY, value ? 'true' : 'false');
  // Tokens on this page follow at once (a tab gets no storage event for its own writes).
  if (typeof window !== 'undefined') window.dispatchEvent(new StorageEvent('storage', { key: IMAGE_OPT_IN_KEY }));
};
