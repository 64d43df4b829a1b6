import type { Draft } from 'immer';
import { MESSAGES_KEPT, SIGNALS_CLEAR_AFTER_DAY_MS, SYSTEM_MESSAGE_EXPIRY_MS, TEXT_MAX_CHARS } from '../constants';
import { signalRefusal, textRefusal } from '../chat';
import { refuse } from '../errors';
import type { SessionState, TextMessage } from '../types';
import { requireStoryteller, type RulesFor } from './rule';

const keepLast = (draft: Draft<SessionState>) => {
  if (draft.chat.messages.length > MESSAGES_KEPT)
    draft.chat.messages.splice(0, draft.chat.messages.length - MESSAGES_KEPT);
};

/** Spec 2 §3 system messages; the ones about seats expire after 300 s. */
export const addSystemMessage = (
  draft: Draft<SessionState>,
  type: string,
  data: Record<string, unknown>,
  now: number,
  expiring = false,
): void => {
  const message: TextMessage = {
    msgId: `${now}-${draft.chat.messages.length}-${type}`,
    senderId: '',
    recipientId: 'system',
    message: '',
    time: now,
    isSystem: true,
    isHidden: false,
    type,
    data,
    ...(expiring ? { expires: now + SYSTEM_MESSAGE_EXPIRY_MS } : {}),
  };
  draft.chat.messages.push(message);
  keepLast(draft);
};

export const chatRules: RulesFor<
  'textMessage' | 'whispers' | 'signal' | 'signalSeen' | 'clearSignals' | 'expireMessages'
> = {
  /** Spec 2 §5 Text: up to 250 characters, not empty, to a recipient the sender may reach. */
  textMessage(draft, { message, recipientId }, actor, now) {
    if (!draft.users[actor.userId]) return refuse('forbidden', 'You are not in this session.');
    const text = message.trim();
    if (text.length === 0) return refuse('bad_request', 'The message is empty.');
    if (text.length > TEXT_MAX_CHARS) return refuse('bad_request', `At most ${TEXT_MAX_CHARS} characters.`);
    const refused = textRefusal(draft as SessionState, actor.userId, recipientId);
    if (refused) return refused;
    draft.chat.messages.push({
      msgId: `${now}-${draft.chat.messages.length}`,
      senderId: actor.userId,
      recipientId,
      message: text,
      time: now,
      isSystem: false,
      isHidden: false,
    });
    keepLast(draft);
  },

  /** The Storyteller turns whispers between players off and on. */
  whispers(draft, { disabled }, actor) {
    const refused = requireStoryteller(draft, actor);
    if (refused) return refused;
    draft.isWhispersDisabled = disabled;
  },

  signal(draft, { message, recipients }, actor, now) {
    const refused = signalRefusal(draft as SessionState, actor.userId, recipients, message);
    if (refused) return refused;
    draft.chat.signals.push({
      id: `${now}-${draft.chat.signals.length}`,
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
    if (draft.chat.messages.some((m) => m.expires !== undefined && m.expires <= now)) {
      draft.chat.messages = draft.chat.messages.filter((m) => m.expires === undefined || m.expires > now);
    }
  },
};
