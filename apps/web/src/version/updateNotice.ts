/** Spec 2 §4: after the terms, an update notice shows once per version; the last one seen is kept here. */
export const LAST_SEEN_VERSION_KEY = 'belfry.lastSeenVersion';

/**
 * Whether to show "what's new in `current`": only when a different version was seen before. The
 * first visit of a browser has nothing to compare with; it just remembers the version.
 */
export const updateNoticeDue = (lastSeen: string | null, current: string): boolean =>
  lastSeen !== null && lastSeen !== '' && lastSeen !== current;

export const readLastSeenVersion = (storage: Pick<Storage, 'getItem'>): string | null =>
  storage.getItem(LAST_SEEN_VERSION_KEY);

export const rememberVersion = (storage: Pick<Storage, 'setItem'>, version: string): void =>
  storage.setItem(LAST_SEEN_VERSION_KEY, version);
