// VideoRoom requests (Janus 1.1, multistream) over a handle attached to `janus.plugin.videoroom`.
// Room management goes over any handle; a publisher and each subscription need a handle of their own.
import type { JanusHandle } from './client';
import { JanusError, type JanusJsep, type PluginReply } from './messages';
import {
  num,
  parseAttendees,
  parseParticipants,
  parsePublishers,
  parseSubscribedStreams,
  sdpMids,
  type RoomAttendee,
  type RoomParticipant,
  type RoomPublisher,
  type SubscribedStream,
} from './videoRoomTypes';

export const VIDEOROOM = 'janus.plugin.videoroom';

/** VideoRoom's error codes this driver's callers may want to tell apart. */
export const VideoRoomError = {
  noSuchRoom: 426,
  roomExists: 427,
  noSuchFeed: 428,
  publishersFull: 432,
  unauthorized: 433,
} as const;

export interface CreateRoomOptions {
  /** Numeric id, below 2^53 (Janus keeps it as a 64-bit integer, we as a JS number). */
  room: number;
  /** Needed to destroy the room or kick from it. */
  secret: string;
  /** Needed to join (as publisher or subscriber). */
  pin?: string;
  /** How many may publish at once. */
  publishers: number;
  description?: string;
  /** Video bitrate cap per publisher, in bit/s. */
  bitrate?: number;
  /** Tell participants about joins that do not publish (default true). */
  notifyJoining?: boolean;
  /**
   * Opus discontinuous transmission, so silence costs next to nothing (default true). Janus 1.1 only
   * records this on the room: it negotiates DTX per publisher when the browser's offer carries
   * `usedtx=1` in the Opus fmtp line (and only while `opus_fec` is on, which it always is here).
   */
  opusDtx?: boolean;
}

const expect = (reply: PluginReply, ...answers: string[]): PluginReply => {
  const got = reply.data.videoroom;
  if (typeof got === 'string' && answers.includes(got)) return reply;
  throw new JanusError('protocol', `VideoRoom answered '${String(got)}' where ${answers.join(' or ')} was due`);
};

const needJsep = (reply: PluginReply, type: JanusJsep['type']): JanusJsep => {
  if (reply.jsep?.type !== type) throw new JanusError('protocol', `VideoRoom sent no SDP ${type}`);
  return reply.jsep;
};

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

// ---- rooms ----

export async function createRoom(handle: JanusHandle, options: CreateRoomOptions): Promise<{ room: number }> {
  const reply = await handle.message({
    request: 'create',
    room: options.room,
    permanent: false,
    secret: options.secret,
    ...optional('pin', options.pin),
    ...optional('description', options.description),
    ...optional('bitrate', options.bitrate),
    publishers: options.publishers,
    // Rooms of other games must not show up in a `list`.
    is_private: true,
    audiocodec: 'opus',
    videocodec: 'vp8',
    opus_fec: true,
    opus_dtx: options.opusDtx ?? true,
    notify_joining: options.notifyJoining ?? true,
  });
  return { room: num(expect(reply, 'created').data, 'room') };
}

export async function destroyRoom(handle: JanusHandle, options: { room: number; secret: string }): Promise<void> {
  expect(await handle.message({ request: 'destroy', room: options.room, secret: options.secret }), 'destroyed');
}

export async function roomExists(handle: JanusHandle, room: number): Promise<boolean> {
  return expect(await handle.message({ request: 'exists', room }), 'success').data.exists === true;
}

/** Everyone in the room who joined as a publisher, active or not (subscriptions are not participants). */
export async function listParticipants(handle: JanusHandle, room: number): Promise<RoomParticipant[]> {
  return parseParticipants(
    expect(await handle.message({ request: 'listparticipants', room }), 'participants').data.participants,
  );
}

/** Removes a participant (their handle hears `kicked`); they may join again unless the pin changes. */
export async function kick(handle: JanusHandle, options: { room: number; secret: string; id: number }): Promise<void> {
  expect(await handle.message({ request: 'kick', ...options }), 'success');
}

// ---- publishers ----

export interface PublishOptions {
  room: number;
  pin?: string;
  display?: string;
  /** Our own participant id (e.g. derived from the user); Janus picks one when absent. */
  id?: number;
  /** The browser's SDP offer. */
  offer: JanusJsep;
  /** false: Janus accepts the audio m-lines but relays nothing until `configure` sends it again. */
  audio?: boolean;
  video?: boolean;
  bitrate?: number;
}

export interface PublisherJoined {
  id: number;
  privateId: number;
  answer: JanusJsep;
  /** Publishers already active in the room, to subscribe to. */
  publishers: RoomPublisher[];
  attendees: RoomAttendee[];
}

/** Joins a room as a publisher and publishes the offer in one request; the answer goes back to the browser. */
export async function joinAndConfigure(handle: JanusHandle, options: PublishOptions): Promise<PublisherJoined> {
  const body = {
    request: 'joinandconfigure',
    ptype: 'publisher',
    room: options.room,
    ...optional('pin', options.pin),
    ...optional('display', options.display),
    ...optional('id', options.id),
    ...optional('bitrate', options.bitrate),
  };
  const reply = expect(await handle.message(body, options.offer), 'joined');
  const answer = needJsep(reply, 'answer');
  // The streams exist only once Janus has read the offer, so muting at join is a second step by mid.
  const muted = sdpMids(answer.sdp).filter(
    (m) => (m.kind === 'audio' && options.audio === false) || (m.kind === 'video' && options.video === false),
  );
  if (muted.length > 0) await configure(handle, { streams: muted.map(({ mid }) => ({ mid, send: false })) });
  return {
    id: num(reply.data, 'id'),
    privateId: num(reply.data, 'private_id'),
    answer,
    publishers: parsePublishers(reply.data.publishers),
    attendees: parseAttendees(reply.data.attendees),
  };
}

export interface ConfigureOptions {
  /** Per published m-line: `send: false` stops relaying it to subscribers (the publisher keeps sending). */
  streams?: { mid: string; send?: boolean; keyframe?: boolean }[];
  bitrate?: number;
  display?: string;
  /** A renegotiation offer from the browser (tracks added or removed). */
  offer?: JanusJsep;
}

/** Changes what a publisher relays; resolves with an answer when an offer was sent along. */
export async function configure(handle: JanusHandle, options: ConfigureOptions): Promise<{ answer?: JanusJsep }> {
  const body = {
    request: 'configure',
    ...optional('streams', options.streams),
    ...optional('bitrate', options.bitrate),
    ...optional('display', options.display),
  };
  const reply = expect(await handle.message(body, options.offer), 'event');
  return options.offer ? { answer: needJsep(reply, 'answer') } : {};
}

/** Stops publishing (the PeerConnection goes); the participant stays in the room. */
export async function unpublish(handle: JanusHandle): Promise<void> {
  expect(await handle.message({ request: 'unpublish' }), 'event');
}

/** Leaves the room (publisher) or ends the subscription (subscriber). */
export async function leave(handle: JanusHandle): Promise<void> {
  expect(await handle.message({ request: 'leave' }), 'event');
}

// ---- subscribers ----

export interface StreamSource {
  /** The publisher's id. */
  feed: number;
  /** One of its mids; all its streams when absent. */
  mid?: string;
}

/** Removes by source (`feed`, `feed`+`mid`) or by the subscription's own m-line (`sub_mid`). */
export type StreamRemoval = { feed: number; mid?: string } | { sub_mid: string };

export interface SubscriptionOffer {
  offer: JanusJsep;
  streams: SubscribedStream[];
}

export interface SubscriptionUpdate {
  /** Absent when nothing changed in SDP terms, or when `deferred`. */
  offer?: JanusJsep;
  streams?: SubscribedStream[];
  /** Janus still waits for the answer to an earlier offer: the new one arrives later (`onSubscriberOffer`). */
  deferred: boolean;
}

/** Opens a (multistream) subscription; Janus offers, the browser answers through `start`. */
export async function joinSubscriber(
  handle: JanusHandle,
  options: { room: number; pin?: string; privateId?: number; streams: StreamSource[] },
): Promise<SubscriptionOffer> {
  const body = {
    request: 'join',
    ptype: 'subscriber',
    room: options.room,
    ...optional('pin', options.pin),
    ...optional('private_id', options.privateId),
    streams: options.streams,
  };
  const reply = expect(await handle.message(body), 'attached');
  return { offer: needJsep(reply, 'offer'), streams: parseSubscribedStreams(reply.data.streams) };
}

/** Completes a subscriber negotiation with the browser's answer (first time and after every update). */
export async function start(handle: JanusHandle, answer: JanusJsep): Promise<void> {
  expect(await handle.message({ request: 'start' }, answer), 'event');
}

const toUpdate = (reply: PluginReply): SubscriptionUpdate => {
  if (expect(reply, 'updated', 'updating').data.videoroom === 'updating') return { deferred: true };
  const streams = reply.data.streams === undefined ? {} : { streams: parseSubscribedStreams(reply.data.streams) };
  return { ...(reply.jsep?.type === 'offer' ? { offer: reply.jsep } : {}), ...streams, deferred: false };
};

export async function subscribe(handle: JanusHandle, streams: StreamSource[]): Promise<SubscriptionUpdate> {
  return toUpdate(await handle.message({ request: 'subscribe', streams }));
}

export async function unsubscribe(handle: JanusHandle, streams: StreamRemoval[]): Promise<SubscriptionUpdate> {
  return toUpdate(await handle.message({ request: 'unsubscribe', streams }));
}

/** Adds and removes streams in one renegotiation. */
export async function update(
  handle: JanusHandle,
  changes: { subscribe?: StreamSource[]; unsubscribe?: StreamRemoval[] },
): Promise<SubscriptionUpdate> {
  if (!changes.subscribe?.length && !changes.unsubscribe?.length) return { deferred: false };
  return toUpdate(await handle.message({ request: 'update', ...changes }));
}

/**
 * Offers Janus sends on a subscription by itself: deferred updates, and (autoupdate) when a
 * subscribed publisher goes. Each needs an answer through `start`.
 */
export function onSubscriberOffer(
  handle: JanusHandle,
  listener: (update: { offer: JanusJsep; streams: SubscribedStream[] }) => void,
): () => void {
  return handle.on((event) => {
    if (event.type !== 'plugin' || event.data.videoroom !== 'updated' || event.jsep?.type !== 'offer') return;
    listener({ offer: event.jsep, streams: parseSubscribedStreams(event.data.streams) });
  });
}
