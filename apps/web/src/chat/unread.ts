import type { TextMessage } from '@belfry/engine';
import { threadOf } from './recipients';

/** Per recipient tab: the time of the newest message the user has seen there. */
export type ReadMarks = Record<string, number>;

/** Messages of a tab that arrived after it was last read, not counting one's own. */
export const unreadCount = (
  messages: readonly TextMessage[],
  viewerId: string,
  recipientId: string,
  marks: ReadMarks,
  baseline: number,
): number => {
  const since = marks[recipientId] ?? baseline;
  return threadOf(messages, viewerId, recipientId).filter((m) => m.time > since && m.senderId !== viewerId).length;
};

/** Marks a tab read up to its newest message. */
export const markRead = (
  marks: ReadMarks,
  messages: readonly TextMessage[],
  viewerId: string,
  recipientId: string,
): ReadMarks => {
  const thread = threadOf(messages, viewerId, recipientId);
  const newest = thread.reduce((max, m) => Math.max(max, m.time), marks[recipientId] ?? 0);
  return marks[recipientId] === newest ? marks : { ...marks, [recipientId]: newest };
};

/** Spec 2 §9: the unread badge shows up to 9, then an infinity sign; nothing at 0. */
export const badgeText = (count: number): string => (count <= 0 ? '' : count > 9 ? '\u221e' : String(count));

/** Spec 2 §4: the list follows new messages unless the user scrolled up more than 10 px. */
export const AUTO_SCROLL_SLACK_PX = 10;
export const shouldAutoScroll = (box: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean =>
  box.scrollHeight - box.scrollTop - box.clientHeight <= AUTO_SCROLL_SLACK_PX;
