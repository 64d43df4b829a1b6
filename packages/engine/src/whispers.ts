import type { Draft } from 'immer';
import { areNeighbours } from './chat';
import { PUBLIC_ROOMS, WHISPER_ALONE_MS, WHISPER_REQUEST_MS } from './constants';
import { refuse, type Refusal } from './errors';
import { hasGrimoireAccess, isStoryteller, nominationActive, seatIndexOf } from './permissions';
import type { SessionState, WhisperRequest } from './types';

/** Spec 3 §8: five public rooms per edition; their ids are the same for every edition. */
export const PUBLIC_ROOM_IDS: readonly string[] = Array.from({ length: PUBLIC_ROOMS }, (_, i) => `room-${i + 1}`);
export const PRIVATE_CHANNEL = 'private';
/** What other viewers see in place of someone else's whisper channel. */
export const HIDDEN_WHISPER = 'whisper';

export const isPublicRoom = (channel: string): boolean => PUBLIC_ROOM_IDS.includes(channel);
export const isWhisperChannel = (channel: string): boolean => channel.startsWith('whisper-');

/** Spec 2 §4: night and nominations return everyone to the town square; public rooms are hidden then. */
export const channelsClosed = (state: SessionState): boolean => state.game.isNight || nominationActive(state);

export const isRequestLive = (request: WhisperRequest, now: number): boolean => request.at + WHISPER_REQUEST_MS > now;

const isOnline = (state: SessionState, id: string) => state.users[id]?.isOnline === true;

/**
 * Spec 2 §4 and §6: who may ask whom for a private whisper. Spectators cannot; a Storyteller may
 * ask anyone seated and anyone may ask a Storyteller; between players only neighbours (the
 * Wraith-script restriction, which Belfry applies to every script), and not when the Storyteller
 * has turned whispers off. Nobody whispers at night or during a nomination.
 */
export const whisperRefusal = (state: SessionState, from: string, to: string): Refusal | null => {
  if (!state.users[from]) return refuse('forbidden', 'You are not in this session.');
  if (from === to) return refuse('bad_request', 'Not with yourself.');
  if (!state.users[to] || !isOnline(state, to)) return refuse('not_found', 'That person is not online.');
  if (channelsClosed(state))
    return refuse('whispers_closed', 'At night and during nominations everyone is in the town square.');
  const fromStoryteller = isStoryteller(state, from);
  const toStoryteller = isStoryteller(state, to);
  const fromSeat = seatIndexOf(state, from);
  const toSeat = seatIndexOf(state, to);
  if (!fromStoryteller && fromSeat < 0) return refuse('forbidden', 'Spectators cannot ask for a private chat.');
  if (!toStoryteller && toSeat < 0) return refuse('forbidden', 'Only seated players and Storytellers whisper.');
  if (fromStoryteller || toStoryteller) return null;
  if (state.isWhispersDisabled) return refuse('forbidden', 'The Storyteller has turned whispers off.');
  if (!areNeighbours(fromSeat, toSeat, state.seats.length))
    return refuse('forbidden', 'You whisper only to your neighbours and the Storyteller.');
  return null;
};

/** Spec 2 §4: joining a channel; the same channel again leaves it. */
export const channelRefusal = (state: SessionState, userId: string, channel: string): Refusal | null => {
  if (!state.users[userId]) return refuse('forbidden', 'You are not in this session.');
  if (channel === '') return null;
  if (channelsClosed(state)) return refuse('rooms_closed', 'The rooms are closed at night and during nominations.');
  const grim = hasGrimoireAccess(state, userId);
  if (isPublicRoom(channel)) {
    if (seatIndexOf(state, userId) < 0 && !isStoryteller(state, userId) && !grim)
      return refuse('forbidden', 'Spectators listen from the town square.');
    return null;
  }
  if (channel === PRIVATE_CHANNEL || isWhisperChannel(channel)) {
    if (!grim) return refuse('forbidden', 'Private channels need grimoire access.');
    if (isWhisperChannel(channel) && !Object.values(state.chat.channels).includes(channel))
      return refuse('not_found', 'That whisper has ended.');
    return null;
  }
  return refuse('bad_request', 'No such channel.');
};

/** When time alone next changes the whispers: a request lapsing, or a lone member leaving. */
export const nextWhisperTimeout = (state: SessionState): number | null => {
  let soonest = Infinity;
  for (const request of state.chat.whisperRequests) soonest = Math.min(soonest, request.at + WHISPER_REQUEST_MS);
  for (const since of Object.values(state.chat.aloneSince)) soonest = Math.min(soonest, since + WHISPER_ALONE_MS);
  return soonest === Infinity ? null : soonest;
};

const isEmpty = (record: Record<string, unknown>) => {
  for (const _ in record) return false;
  return true;
};

const hasChannels = (chat: SessionState['chat']): boolean =>
  !isEmpty(chat.channels) || chat.whisperRequests.length > 0 || !isEmpty(chat.aloneSince);

/**
 * Whether settleChannels has anything to look at; read on a finished state, so that the intents of a
 * table nobody whispers at make no drafts of its chat (each read of a draft's part makes a proxy).
 */
export const channelsToSettle = (state: SessionState): boolean =>
  state.chat.following !== undefined || hasChannels(state.chat);

/**
 * Run after every intent: night and nominations send everyone back to the town square, users who
 * left lose their channel, and a whisper channel with at most one online member starts its 5 s
 * countdown (or stops it when someone is back). Writes only what changes, so an unrelated intent
 * keeps the state (and its version) as it was.
 */
export const settleChannels = (draft: Draft<SessionState>, now: number): void => {
  const chat = draft.chat;
  if (chat.following) settleFollowing(draft);
  if (!hasChannels(chat)) return;
  if (channelsClosed(draft as SessionState)) {
    if (!isEmpty(chat.channels)) chat.channels = {};
    if (chat.whisperRequests.length > 0) chat.whisperRequests = [];
    if (!isEmpty(chat.aloneSince)) chat.aloneSince = {};
    return;
  }
  for (const id of Object.keys(chat.channels)) if (!draft.users[id]) delete chat.channels[id];
  if (chat.whisperRequests.some((r) => !draft.users[r.from] || !draft.users[r.to]))
    chat.whisperRequests = chat.whisperRequests.filter((r) => draft.users[r.from] && draft.users[r.to]);
  const online = new Map<string, number>();
  for (const [id, channel] of Object.entries(chat.channels)) {
    if (!isWhisperChannel(channel)) continue;
    online.set(channel, (online.get(channel) ?? 0) + (draft.users[id]?.isOnline ? 1 : 0));
  }
  for (const [channel, count] of online) {
    if (count <= 1 && chat.aloneSince[channel] === undefined) chat.aloneSince[channel] = now;
    if (count > 1 && chat.aloneSince[channel] !== undefined) delete chat.aloneSince[channel];
  }
  for (const channel of Object.keys(chat.aloneSince)) if (!online.has(channel)) delete chat.aloneSince[channel];
};

/** Following ends when the follower moves from where they started, loses grimoire access, or either leaves. */
const settleFollowing = (draft: Draft<SessionState>): void => {
  const following = draft.chat.following!;
  for (const [id, { target, channel }] of Object.entries(following)) {
    const ended =
      !draft.users[id] ||
      !draft.users[target] ||
      (draft.chat.channels[id] ?? '') !== channel ||
      !hasGrimoireAccess(draft as SessionState, id);
    if (ended) delete following[id];
  }
  if (isEmpty(following)) delete draft.chat.following;
};
