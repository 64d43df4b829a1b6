import { useSyncExternalStore } from 'react';
import { STORED_SETTING_KEYS } from '../ui/storedSettingKeys';

/**
 * Settings whose home is another folder and which that folder reads from localStorage when it needs
 * them (image opt-in, touch support, a player's night order and bluffs). The dialog edits the same
 * keys (ui/storedSettingKeys), so there is one stored value each.
 */
const EXTERNAL_KEYS = STORED_SETTING_KEYS;
export type ExternalSetting = keyof typeof EXTERNAL_KEYS;

const listeners = new Set<() => void>();

const readRaw = (setting: ExternalSetting): string | null => {
  try {
    return localStorage.getItem(EXTERNAL_KEYS[setting]);
  } catch {
    return null;
  }
};

/** Touch support is on by default where the device has a touch screen (as table/useGameEffects reads it). */
export const readExternal = (setting: ExternalSetting): boolean => {
  const raw = readRaw(setting);
  if (raw === null && setting === 'isTouchSupport')
    return typeof navigator !== 'undefined' && navigator.maxTouchPoints > 0;
  return raw === 'true';
};

export const writeExternal = (setting: ExternalSetting, value: boolean): void => {
  try {
    localStorage.setItem(EXTERNAL_KEYS[setting], String(value));
  } catch {
    // Private mode: nothing to keep it in.
  }
  // The readers that keep a copy follow the storage event, which a tab never gets for its own writes.
  window.dispatchEvent(
    new StorageEvent('storage', { key: EXTERNAL_KEYS[setting], newValue: String(value), storageArea: localStorage }),
  );
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useExternalSetting = (setting: ExternalSetting): boolean =>
  useSyncExternalStore(subscribe, () => readExternal(setting));
