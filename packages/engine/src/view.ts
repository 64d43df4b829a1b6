import {
  hasGrimoireAccess,
  isModeratorLevel,
  isStoryteller,
  seatIndexOf,
  sessionRoleOf,
  type SessionRole,
} from './permissions';
import type { ChatState, Seat, SessionState, StorytellerEntry, TextMessage } from './types';
import { HIDDEN_WHISPER, isWhisperChannel, PRIVATE_CHANNEL } from './whispers';

export interface ViewerInfo {
  id: string;
  role: SessionRole;
  seat: number;
  grimoireAccess: boolean;
}

/** What one viewer may see of a session: the same shape as the state, with secrets removed. */
export type SessionView = SessionState & { viewer: ViewerInfo };

/** Memoised per seat object, so an unchanged seat yields the identical hidden seat (cheap diffs). */
const memo = <T extends object>(make: (input: T) => T) => {
  const cache = new WeakMap<T, T>();
  return (input: T): T => {
    let output = cache.get(input);
    if (!output) cache.set(input, (output = make(input)));
    return output;
  };
};

const hiddenSeat = memo((seat: Seat): Seat => ({
  ...seat,
  // A traveller's character is announced to the town; every other role stays secret.
  role: seat.role?.team === 'traveller' ? seat.role : null,
  alignment: null,
  reminders: [],
  status: [],
  special: [],
  // The Storyteller's night mark (often the Demon's target) is grimoire knowledge.
  isMarkedForDeath: false,
}));

/** A player's own seat: their role and reminders, but not a night mark on them. */
const ownSeatView = memo((seat: Seat): Seat => (seat.isMarkedForDeath ? { ...seat, isMarkedForDeath: false } : seat));

const hiddenStoryteller = memo((st: StorytellerEntry): StorytellerEntry => ({
  ...st,
  role: null,
  ability: '',
  alignment: null,
  reminders: [],
}));

/** Someone else's whisper: that it exists (the envelope count), not what it says. */
const redacted = memo((message: TextMessage): TextMessage => ({
  ...message,
  message: '',
  data: undefined,
  redacted: true,
}));

/**
 * Spec 2 §5/§6: public and system messages reach everyone; the spectator channel spectators, the
 * Storyteller and moderators; 'private' grimoire holders; a whisper its two ends and moderators
 * (others get only its envelope). Signals reach their sender, their receivers and grimoire holders.
 */
const chatView = (state: SessionState, viewerId: string, grim: boolean): ChatState => {
  const moderator = isModeratorLevel(state.users[viewerId]?.level ?? 'none');
  const unseated = seatIndexOf(state, viewerId) < 0;
  const messages = state.chat.messages.flatMap((m) => {
    if (m.recipientId === '' || m.recipientId === 'system') return [m];
    if (m.recipientId === 'spectator') return unseated || moderator ? [m] : [];
    if (m.recipientId === 'private') return grim || moderator ? [m] : [];
    if (moderator || m.senderId === viewerId || m.recipientId === viewerId) return [m];
    return [redacted(m)];
  });
  const signals = state.chat.signals.filter((s) => grim || s.from === viewerId || s.to.includes(viewerId));
  const same = messages.length === state.chat.messages.length && messages.every((m, i) => m === state.chat.messages[i]);
  const whispers = grim || moderator ? null : whisperView(state.chat, viewerId);
  if (same && signals.length === state.chat.signals.length && !whispers) return state.chat;
  return { ...state.chat, messages, signals, ...whispers };
};

const NO_TIMES: Record<string, number> = Object.freeze({}) as Record<string, number>;

/**
 * Spec 2 §4 / §6: public rooms are public; a whisper is known by its members, while everybody else
 * sees only that someone is whispering (the envelope); requests only by their two ends. Grimoire
 * holders and moderators see every channel. Null when nothing needs hiding.
 */
const whisperView = (
  chat: ChatState,
  viewerId: string,
): Pick<ChatState, 'channels' | 'whisperRequests' | 'aloneSince'> | null => {
  const own = chat.channels[viewerId];
  let hide = chat.whisperRequests.some((r) => r.from !== viewerId && r.to !== viewerId);
  const channels: Record<string, string> = {};
  for (const [id, channel] of Object.entries(chat.channels)) {
    if (channel === PRIVATE_CHANNEL && id !== viewerId) {
      hide = true;
      continue;
    }
    const shown = isWhisperChannel(channel) && channel !== own ? HIDDEN_WHISPER : channel;
    if (shown !== channel) hide = true;
    channels[id] = shown;
  }
  for (const _ in chat.aloneSince) hide = true;
  if (!hide) return null;
  return {
    channels,
    whisperRequests: chat.whisperRequests.filter((r) => r.from === viewerId || r.to === viewerId),
    aloneSince: NO_TIMES,
  };
};

const NO_BLUFFS: null[] = Object.freeze([null, null, null]) as unknown as null[];

/** Spec 3 §4 Bluff visibility: the demon sees them with more than six players or a Toymaker fabled. */
const demonSeesBluffs = (state: SessionState, ownSeat: number): boolean =>
  state.seats[ownSeat]?.role?.team === 'demon' &&
  (state.seats.length > 6 || state.fabled.some((f) => f.id === 'toymaker'));

const NO_THROTTLE: Record<string, number> = Object.freeze({}) as Record<string, number>;

/**
 * Removes what `viewerId` may not see (DESIGN principle 1): other players' roles, alignments and
 * reminders, hidden votes, private history, vote history and bluffs without grimoire access.
 */
export const view = (state: SessionState, viewerId: string): SessionView => {
  const grim = hasGrimoireAccess(state, viewerId);
  const ownSeat = seatIndexOf(state, viewerId);
  const viewer: ViewerInfo = {
    id: viewerId,
    role: sessionRoleOf(state, viewerId),
    seat: ownSeat,
    grimoireAccess: grim,
  };
  const chat = chatView(state, viewerId, grim);
  // A Spy or Widow sent the grimoire by signal sees it, view only, while that signal lasts.
  const shownGrimoire = state.chat.signals.some(
    (s) => s.to.includes(viewerId) && s.message.some((p) => p.id === 'grimoire'),
  );
  // Debounce bookkeeping is the server's business alone.
  if (grim || shownGrimoire) return { ...state, chat, throttle: NO_THROTTLE, viewer };

  const seats = state.seats.map((seat, i) =>
    seat.revealed ? seat : i === ownSeat ? ownSeatView(seat) : hiddenSeat(seat),
  );
  const votes = state.vote.isHidden ? state.vote.votes.map((v, i) => (i === ownSeat ? v : 0)) : state.vote.votes;
  // At night only those who point (and the grimoire) see where others point.
  const pointing =
    state.pointing?.recipients && !state.pointing.recipients.includes(ownSeat)
      ? { ...state.pointing, pointers: {} }
      : state.pointing;
  return {
    ...state,
    chat,
    throttle: NO_THROTTLE,
    viewer,
    pointing,
    seats,
    storytellers: state.storytellers.map(hiddenStoryteller),
    bluffs: demonSeesBluffs(state, ownSeat) ? state.bluffs : NO_BLUFFS,
    meta: { ...state.meta, banlist: isStoryteller(state, viewerId) ? state.meta.banlist : [] },
    game: { ...state.game, history: state.game.history.filter((entry) => !entry.isPrivate) },
    vote: { ...state.vote, votes, history: [] },
  };
};
