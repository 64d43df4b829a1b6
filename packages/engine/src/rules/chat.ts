import { type Draft, isDraft, original } from 'immer';
import {
  MAX_SIGNAL_BYTES,
  MAX_SIGNALS_PER_PLAYER,
  MAX_SIGNALS_PER_STORYTELLER,
  SIGNALS_CLEAR_AFTER_DAY_MS,
  SYSTEM_MESSAGE_EXPIRY_MS,
  TEXT_MAX_CHARS,
} from '../constants';
import { signalRefusal, textRefusal } from '../chat';
import { refuse } from '../errors';
import { hasMessageId, newestTime, withMessage } from '../messageList';
import { isStoryteller } from '../permissions';
import type { SessionState, TextMessage } from '../types';
import { requireStoryteller, type RulesFor } from './rule';

/**
 * The message list is never changed through immer: reading a draft array's items makes a draft of
 * each, and a plain array put into a draft is walked item by item when the change finishes, which at
 * 500 kept was most of the cost of a seat claim (bench/). So the list is read as it stands (the
 * original while it is still a draft: every change replaces it) and replaced by a new frozen list
 * (messageList.ts), which immer takes as it is.
 */
const currentMessages = (draft: Draft<SessionState>): readonly TextMessage[] => {
  const list = draft.chat.messages;
  return isDraft(list) ? (original(list) as TextMessage[]) : (list as TextMessage[]);
};

const replaceMessages = (draft: Draft<SessionState>, messages: readonly TextMessage[]) => {
  draft.chat.messages = messages as TextMessage[];
};

/**
 * A new message's time: now, or the newest message's when the clock went back since, so that times
 * only grow along the list (messageList.ts relies on it).
 */
const messageTime = (draft: Draft<SessionState>, now: number) => Math.max(now, newestTime(currentMessages(draft)));

/**
 * An id unique in the session, made only from what every reader of the item sees (its time, its
 * author and the author's own items), never from a count of items some reader cannot see.
 */
export const uniqueId = (prefix: string, taken: (id: string) => boolean): string => {
  let id = prefix;
  for (let n = 2; taken(id); n++) id = `${prefix}-${n}`;
  return id;
};

/** A message's id begins with its time (messageList.ts hasMessageId relies on it). */
const messageId = (draft: Draft<SessionState>, time: number, author: string) => {
  const messages = currentMessages(draft);
  return uniqueId(`${time.toString(36)}-${author}`, (id) => hasMessageId(messages, time, id));
};

/** Spec 2 §3 system messages; the ones about seats expire after 300 s. */
export const addSystemMessage = (
  draft: Draft<SessionState>,
  type: string,
  data: Record<string, unknown>,
  now: number,
  expiring = false,
): void => {
  const time = messageTime(draft, now);
  const message: TextMessage = {
    msgId: messageId(draft, time, `system-${type}`),
    senderId: '',
    recipientId: 'system',
    message: '',
    time,
    isSystem: true,
    isHidden: false,
    type,
    data,
    ...(expiring ? { expires: time + SYSTEM_MESSAGE_EXPIRY_MS } : {}),
  };
  replaceMessages(draft, withMessage(currentMessages(draft), message));
};

export const chatRules: RulesFor<
  'textMessage' | 'whispers' | 'privateCams' | 'signal' | 'signalSeen' | 'clearSignals' | 'expireMessages'
> = {
  /** Spec 2 §5 Text: up to 250 characters, not empty, to a recipient the sender may reach. */
  textMessage(draft, { message, recipientId }, actor, now) {
    if (!draft.users[actor.userId]) return refuse('forbidden', 'You are not in this session.');
    const text = message.trim();
    if (text.length === 0) return refuse('bad_request', 'The message is empty.');
    if (text.length > TEXT_MAX_CHARS) return refuse('bad_request', `At most ${TEXT_MAX_CHARS} characters.`);
    const refused = textRefusal(draft as SessionState, actor.userId, recipientId);
    if (refused) return refused;
    const time = messageTime(draft, now);
    const sent: TextMessage = {
      msgId: messageId(draft, time, actor.userId),
      senderId: actor.userId,
      recipientId,
      message: text,
      time,
      isSystem: false,
      isHidden: false,
    };
    replaceMessages(draft, withMessage(currentMessages(draft), sent));
  },

  /** The Storyteller turns whispers between players off and on. */
  whispers(draft, { disabled }, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    draft.isWhispersDisabled = disabled;
  },

  /** The Storyteller hides cameras inside private channels, at the chat server too (engine media.ts). */
  privateCams(draft, { hidden }, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    if (hidden) draft.hiddenPrivateCams = true;
    else delete draft.hiddenPrivateCams;
  },

  /** Cards within 2 KB; a player keeps at most 10 signals at a time, a Storyteller 60 (they clear by day). */
  signal(draft, { message, recipients }, actor, now) {
    const refused = signalRefusal(draft as SessionState, actor.userId, recipients, message);
    if (refused) return refused;
    if (JSON.stringify(message).length > MAX_SIGNAL_BYTES)
      return refuse('payload_too_large', `A signal's cards take at most ${MAX_SIGNAL_BYTES} bytes.`);
    const kept = isStoryteller(draft, actor.userId) ? MAX_SIGNALS_PER_STORYTELLER : MAX_SIGNALS_PER_PLAYER;
    if (draft.chat.signals.filter((s) => s.from === actor.userId).length >= kept)
      return refuse('limit_reached', `You have ${kept} signals out; they clear when the day begins.`);
    draft.chat.signals.push({
      id: uniqueId(`${now.toString(36)}-${actor.userId}`, (id) => draft.chat.signals.some((s) => s.id === id)),
      from: actor.userId,
      to: [...recipients],
      message: message.map((part) => ({ ...part })),
      time: now,
      seenBy: [],
    });
  },

  /** The receiver's reply: they have seen it. */
  signalSeen(draft, { id }, actor) {
    const signal = draft.chat.signals.find((s) => s.id === id);
    if (!signal || !signal.to.includes(actor.userId)) return refuse('not_found', 'No such signal for you.');
    if (!signal.seenBy.includes(actor.userId)) signal.seenBy.push(actor.userId);
  },

  /** The night's signals clear 10 s after the day begins. */
  clearSignals(draft, _intent, actor, now) {
    if (!actor.isSystem) return refuse('forbidden', 'Signals clear by themselves.');
    const dayBegan = draft.game.lastPhase;
    if (draft.game.isNight || now < dayBegan + SIGNALS_CLEAR_AFTER_DAY_MS) return;
    if (draft.chat.signals.some((s) => s.time <= dayBegan)) {
      draft.chat.signals = draft.chat.signals.filter((s) => s.time > dayBegan);
    }
  },

  expireMessages(draft, _intent, actor, now) {
    if (!actor.isSystem) return refuse('forbidden', 'Messages expire by themselves.');
    const messages = currentMessages(draft);
    const kept: TextMessage[] = [];
    for (const m of messages) if (m.expires === undefined || m.expires > now) kept.push(m);
    if (kept.length < messages.length) replaceMessages(draft, Object.freeze(kept));
  },
};
