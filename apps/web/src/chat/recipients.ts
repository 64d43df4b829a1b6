import {
  defaultRecipients,
  isModeratorLevel,
  isStoryteller,
  seatIndexOf,
  textRefusal,
  type SessionView,
  type TextMessage,
} from '@belfry/engine';
import { translateServerMessage } from '../i18n/serverMessages';

/** Spec 2 §3: a recipient is a user id, '' (public), 'spectator', 'private' or 'system'. */
export const CHANNELS = ['', 'spectator', 'private', 'system'] as const;
export const isChannel = (id: string): boolean => (CHANNELS as readonly string[]).includes(id);

/**
 * Spec 2 §5 Default recipients (online Storytellers, the online neighbours, public, spectator for
 * the Storyteller or spectators, private with grimoire access, system), plus anyone the viewer has
 * a conversation with (e.g. a spectator who wrote to the Storyteller) who is still in the session;
 * the Storyteller also gets every online seated player.
 */
export const chatRecipients = (view: SessionView): string[] => {
  const me = view.viewer.id;
  const list = defaultRecipients(view, me);
  // Spec 2 §6: the Storyteller can write to any recipient: every online seated player gets a tab.
  const extra: string[] = isStoryteller(view, me)
    ? view.seats.flatMap((seat) =>
        seat.id && seat.id !== me && view.users[seat.id]?.isOnline && !list.includes(seat.id) ? [seat.id] : [],
      )
    : [];
  for (const m of view.chat.messages) {
    if (m.isSystem || m.redacted || isChannel(m.recipientId)) continue;
    const other = m.senderId === me ? m.recipientId : m.recipientId === me ? m.senderId : '';
    if (other && other !== me && view.users[other] && !list.includes(other) && !extra.includes(other))
      extra.push(other);
  }
  // Direct recipients first (they lead the default list), the channels after them.
  const firstChannel = list.findIndex(isChannel);
  return [...list.slice(0, firstChannel), ...extra, ...list.slice(firstChannel)];
};

/** The messages of one recipient tab, as this viewer has them. */
export const threadOf = (messages: readonly TextMessage[], viewerId: string, recipientId: string): TextMessage[] => {
  if (recipientId === '') return messages.filter((m) => m.recipientId === '' || (m.redacted === true && !m.isSystem));
  if (isChannel(recipientId)) return messages.filter((m) => m.recipientId === recipientId);
  return messages.filter(
    (m) =>
      !m.redacted &&
      ((m.senderId === viewerId && m.recipientId === recipientId) ||
        (m.senderId === recipientId && m.recipientId === viewerId)),
  );
};

/** Spec 2 §5 Text: the input is disabled for 'private' and 'system', and for public to a non-moderator spectator. */
export const isInputDisabled = (view: SessionView, recipientId: string): boolean => {
  if (recipientId === 'private' || recipientId === 'system') return true;
  if (recipientId === '') {
    const me = view.viewer.id;
    const spectator = seatIndexOf(view, me) < 0 && !view.storytellers.some((st) => st.id === me);
    return spectator && !isModeratorLevel(view.users[me]?.level ?? 'none');
  }
  return false;
};

/** Whether the server would refuse this message right now (the same rule it applies), as a reason. */
export const sendRefusal = (view: SessionView, recipientId: string): string | null => {
  const refusal = textRefusal(view, view.viewer.id, recipientId);
  return refusal ? translateServerMessage(refusal.message) : null;
};

/** Send is disabled when the message is empty (after trimming) or the rules refuse it. */
export const canSend = (view: SessionView, recipientId: string, text: string): boolean =>
  text.trim().length > 0 && !isInputDisabled(view, recipientId) && sendRefusal(view, recipientId) === null;

/** Arrow up/down cycles the recipient tabs (wrapping). */
export const cycleRecipient = (list: readonly string[], current: string, step: 1 | -1): string => {
  if (list.length === 0) return current;
  const at = list.indexOf(current);
  if (at < 0) return list[0]!;
  return list[(at + step + list.length) % list.length]!;
};

/**
 * Other people's whispers the viewer sees only as envelopes (spec 2 §6: seated players see other
 * whispers only as a count), counted per sender.
 */
export const whisperEnvelopes = (messages: readonly TextMessage[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const m of messages) if (m.redacted) counts[m.senderId] = (counts[m.senderId] ?? 0) + 1;
  return counts;
};
