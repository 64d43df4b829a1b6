import { useSyncExternalStore } from 'react';

/**
 * Spec 3 §3 image opt-in: a custom script's own character images are drawn only when the user chose
 * so (https addresses only); otherwise the tokens keep Game Icons. The value lives under this key; the
 * edition picker and Settings write it and announce the change with a storage event.
 */
export const IMAGE_OPT_IN_KEY = 'belfry.settings.isImageOptIn';

const read = (): boolean => {
  try {
    return localStorage.getItem(IMAGE_OPT_IN_KEY) === 'true';
  } catch {
    return false;
  }
};

const subscribe = (onChange: () => void) => {
  const listener = (event: StorageEvent) => {
    if (event.key === IMAGE_OPT_IN_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
};

export const useImageOptIn = (): boolean => useSyncExternalStore(subscribe, read, () => false);

/** The image a token may draw: an https address, when the user opted in. */
export const shownImage = (image: string | undefined, optedIn: boolean): string | null =>
  optedIn && typeof image === 'string' && image.startsWith('https://') ? image : null;
