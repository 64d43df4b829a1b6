import type { AnnouncementEvent } from '@belfry/protocol';
import { create } from 'zustand';

/** More than this many unread are not kept: staff would not send so many, and a flood must not pile up. */
const KEPT = 5;

/**
 * Spec 2 §7 announcement event: what official staff announced on the session socket, shown one at
 * a time (oldest first) by the moderation feature's receiver.
 */
export const useAnnouncements = create<{ queue: AnnouncementEvent[] }>(() => ({ queue: [] }));

export const receiveAnnouncement = (payload: unknown): void => {
  const { title, text } = (payload ?? {}) as Partial<AnnouncementEvent>;
  if (typeof title !== 'string' || typeof text !== 'string') return;
  useAnnouncements.setState((state) => ({ queue: [...state.queue, { title, text }].slice(-KEPT) }));
};

export const dismissAnnouncement = (): void => useAnnouncements.setState((state) => ({ queue: state.queue.slice(1) }));
