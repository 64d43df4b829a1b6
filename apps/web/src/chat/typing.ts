import { TEXT_INDICATOR_MS } from '@belfry/engine';

/** Spec 2 §4: a text indicator shows for 4 s after the last `textMessageIndicator` event. */
export interface Indicator {
  senderId: string;
  recipientId: string;
  length: number;
  at: number;
}

/** How often one's own indicator is sent while typing: well inside the 4 s it stays visible. */
export const INDICATOR_THROTTLE_MS = TEXT_INDICATOR_MS / 2;

export const isIndicatorActive = (indicator: Indicator, now: number): boolean =>
  indicator.length > 0 && now - indicator.at < TEXT_INDICATOR_MS;

/**
 * Who is typing into a tab: to the viewer directly when the tab is that person, or into a shared
 * channel ('' or 'spectator') when the tab is that channel.
 */
export const typingIn = (
  indicators: readonly Indicator[],
  viewerId: string,
  recipientId: string,
  now: number,
): string[] =>
  indicators
    .filter((i) => isIndicatorActive(i, now))
    .filter((i) =>
      i.recipientId === viewerId
        ? i.senderId === recipientId
        : i.recipientId === recipientId && i.senderId !== viewerId,
    )
    .map((i) => i.senderId);

/** Throttle for one's own indicator; a cleared prompt (length 0) is sent at once once. */
export const shouldSendIndicator = (lastSentAt: number | null, now: number): boolean =>
  lastSentAt === null || now - lastSentAt >= INDICATOR_THROTTLE_MS;

/** Keeps the newest indicator per sender and recipient, dropping expired ones. */
export const addIndicator = (list: readonly Indicator[], next: Indicator): Indicator[] => [
  ...list.filter(
    (i) => !(i.senderId === next.senderId && i.recipientId === next.recipientId) && isIndicatorActive(i, next.at),
  ),
  next,
];
