import type { AvatarInfo } from '@belfry/protocol';
import { useEffect } from 'react';
import { create } from 'zustand';
import { lookupAvatars } from './avatarApi';

/** How long a looked-up avatar is trusted before a screen that shows it asks again. */
const FRESH_MS = 60_000;
/** After a failed lookup (offline, rate limited) the same ids wait this long. */
const RETRY_MS = 30_000;
/** Lookups asked for within this window go out as one request. */
const BATCH_MS = 30;
/** The server answers at most 100 ids at once. */
const BATCH_SIZE = 100;

export const DEFAULT_AVATAR: AvatarInfo = { avatar: 0, border: '', version: null };

interface AvatarState {
  info: Record<string, AvatarInfo>;
  put: (entries: Record<string, AvatarInfo>) => void;
}

export const useAvatarStore = create<AvatarState>((set) => ({
  info: {},
  put: (entries) => set((state) => ({ info: { ...state.info, ...entries } })),
}));

const askedAt = new Map<string, number>();
const queued = new Set<string>();
let timer: ReturnType<typeof setTimeout> | undefined;

const flush = async () => {
  timer = undefined;
  const ids = [...queued];
  queued.clear();
  for (let i = 0; i < ids.length; i += BATCH_SIZE) {
    const batch = ids.slice(i, i + BATCH_SIZE);
    try {
      const found = await lookupAvatars(batch);
      // Ids that are no user (anymore) show avatar 0 rather than being asked for again and again.
      const entries = Object.fromEntries(batch.map((id) => [id, found[id] ?? DEFAULT_AVATAR]));
      useAvatarStore.getState().put(entries);
    } catch {
      const retry = Date.now() - FRESH_MS + RETRY_MS;
      for (const id of batch) askedAt.set(id, retry);
    }
  }
};

/** Asks for the avatars of these users unless known and fresh, batching what screens ask for together. */
export const requestAvatars = (ids: Iterable<string>, now = Date.now()): void => {
  for (const id of ids) {
    if (!id || queued.has(id)) continue;
    const at = askedAt.get(id);
    if (at !== undefined && now - at < FRESH_MS) continue;
    askedAt.set(id, now);
    queued.add(id);
  }
  if (queued.size > 0 && timer === undefined) timer = setTimeout(() => void flush(), BATCH_MS);
};

/** Forgets that a user's avatar is fresh, so that the next look asks the server (a profile card opened). */
export const refreshAvatar = (id: string): void => {
  askedAt.delete(id);
  requestAvatars([id]);
};

/** Sets a user's avatar from an answer that carries it (the own profile saved, an upload). */
export const putAvatar = (id: string, info: AvatarInfo): void => {
  askedAt.set(id, Date.now());
  useAvatarStore.getState().put({ [id]: info });
};

/** How many avatars on screen show each user: those are looked up again once their answer is stale. */
const watched = new Map<string, number>();
let refresher: ReturnType<typeof setInterval> | undefined;

const watch = (id: string): (() => void) => {
  watched.set(id, (watched.get(id) ?? 0) + 1);
  requestAvatars([id]);
  // Others' changes reach a screen that stays open within about a minute, without a push from the server.
  refresher ??= setInterval(() => {
    if (document.visibilityState === 'visible') requestAvatars(watched.keys());
  }, FRESH_MS);
  return () => {
    const left = (watched.get(id) ?? 1) - 1;
    if (left > 0) watched.set(id, left);
    else watched.delete(id);
    if (watched.size === 0) {
      clearInterval(refresher);
      refresher = undefined;
    }
  };
};

/** The avatar of a user as last known; undefined while the first lookup is on its way. */
export const useAvatarInfo = (userId: string | undefined): AvatarInfo | undefined => {
  useEffect(() => (userId ? watch(userId) : undefined), [userId]);
  return useAvatarStore((state) => (userId ? state.info[userId] : undefined));
};
