import { isStoryteller, seatIndexOf } from './permissions';
import type { SessionState } from './types';
import { isPublicRoom } from './whispers';

/**
 * Who hears and sees whom on the chat server (issue 17, spec 2 §4 and §6), decided by the game and
 * handed to the chat server, which forwards a user's audio or video only to those named here. A
 * client's own requests never widen it.
 */
export interface MediaGrant {
  /** The chat server takes this user's microphone and camera at all (seated players and Storytellers). */
  publish: boolean;
  /** Users whose audio this user receives. */
  hears: string[];
  /** Users whose video this user receives. */
  sees: string[];
}

export interface MediaPolicy {
  sessionId: string;
  /** The session version it was made from: a chat server ignores an older policy than the one it has. */
  version: number;
  /** Online users only; anyone absent receives nothing and publishes nothing. */
  grants: Record<string, MediaGrant>;
}

/** The town square is the channel of everyone who has none. */
export const TOWN_SQUARE = '';

export const channelOf = (state: SessionState, userId: string): string => state.chat.channels[userId] ?? TOWN_SQUARE;

/**
 * Spectators listen and never publish; at night a player outside a channel produces nothing (so the
 * town square carries only the Storytellers by night).
 */
export const mayPublish = (state: SessionState, userId: string): boolean => {
  if (state.users[userId]?.isOnline !== true) return false;
  if (isStoryteller(state, userId)) return true;
  if (seatIndexOf(state, userId) < 0) return false;
  return !(state.game.isNight && channelOf(state, userId) === TOWN_SQUARE);
};

/**
 * Video follows audio, except inside private channels (whispers and the grimoire holders' channel)
 * while the Storyteller hides private cameras: voices still carry there, faces do not.
 */
const isPrivate = (channel: string) => channel !== TOWN_SQUARE && !isPublicRoom(channel);

const videoHidden = (state: SessionState, channel: string): boolean =>
  state.hiddenPrivateCams === true && isPrivate(channel);

/** Spec 3 §3: the cameras a viewer chose not to receive, sent to nobody who asked not to see them. */
const viewerHides = (state: SessionState, viewer: string, channel: string): boolean => {
  const hidden = state.hiddenCams?.[viewer];
  if (!hidden) return false;
  if (hidden.reveal && state.hook?.name === 'reveal-grimoire') return true;
  return channel === TOWN_SQUARE ? hidden.townSquare : isPrivate(channel) && hidden.private;
};

/**
 * Everyone online hears the publishers of their own channel; a grimoire holder who follows someone
 * also hears that person's channel.
 */
export const mediaPolicy = (state: SessionState): MediaPolicy => {
  const online = Object.keys(state.users).filter((id) => state.users[id]!.isOnline);
  const publishers = online.filter((id) => mayPublish(state, id));
  const grants: Record<string, MediaGrant> = {};
  for (const id of online) {
    const channels = new Set([channelOf(state, id)]);
    const followed = state.chat.following?.[id]?.target;
    if (followed && state.users[followed]) channels.add(channelOf(state, followed));
    const hears = publishers.filter((p) => p !== id && channels.has(channelOf(state, p)));
    const sees = hears.filter((p) => {
      const channel = channelOf(state, p);
      return !videoHidden(state, channel) && !viewerHides(state, id, channel);
    });
    grants[id] = { publish: publishers.includes(id), hears, sees };
  }
  return { sessionId: state.sessionId, version: state.version, grants };
};

/** Whether two policies grant the same (the version apart): a chat server is told only of changes. */
export const sameGrants = (a: MediaPolicy, b: MediaPolicy): boolean => {
  const ids = Object.keys(a.grants);
  if (ids.length !== Object.keys(b.grants).length) return false;
  for (const id of ids) {
    const x = a.grants[id]!;
    const y = b.grants[id];
    if (!y || x.publish !== y.publish || x.hears.join() !== y.hears.join() || x.sees.join() !== y.sees.join())
      return false;
  }
  return true;
};
