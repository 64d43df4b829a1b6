// What the VideoRoom plugin (Janus 1.1) answers, narrowed from untrusted JSON into typed values.
import { JanusError } from './messages';

type Data = Readonly<Record<string, unknown>>;

export type MediaKind = 'audio' | 'video' | 'data';

/** A stream a publisher sends, as listed in `joined` and `publishers` events. */
export interface PublishedStream {
  type: MediaKind;
  mindex: number;
  mid: string;
  codec?: string;
  disabled: boolean;
  description?: string;
}

export interface RoomPublisher {
  id: number;
  display?: string;
  streams: PublishedStream[];
}

export interface RoomAttendee {
  id: number;
  display?: string;
}

export interface RoomParticipant {
  id: number;
  display?: string;
  /** True once the participant's PeerConnection is up and its streams can be subscribed to. */
  publisher: boolean;
  talking?: boolean;
}

/** One m-line of a subscription (`attached` and `updated` events). */
export interface SubscribedStream {
  mindex: number;
  mid: string;
  type: MediaKind;
  feedId?: number;
  feedMid?: string;
  feedDisplay?: string;
  send: boolean;
  ready: boolean;
}

/** Room news pushed on a publisher handle; `other` keeps whatever this driver does not model. */
export type RoomEvent =
  | { type: 'publishers'; room: number; publishers: RoomPublisher[] }
  | { type: 'unpublished'; room: number; id: number }
  | { type: 'leaving'; room: number; id: number }
  | { type: 'kicked'; room: number; id: number }
  /** This handle left the room: by its own `leave`, or `reason: 'kicked'`. */
  | { type: 'left'; room: number; reason?: string }
  | { type: 'joining'; room: number; attendee: RoomAttendee }
  | { type: 'destroyed'; room: number }
  | { type: 'other'; data: Data };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bad = (what: string) => new JanusError('protocol', `VideoRoom sent ${what}`);

export const num = (data: Data, key: string): number => {
  const value = data[key];
  if (typeof value !== 'number') throw bad(`no numeric '${key}'`);
  return value;
};

const kind = (value: unknown): MediaKind => {
  if (value === 'audio' || value === 'video' || value === 'data') return value;
  throw bad(`an unknown media type ${String(value)}`);
};

const list = (value: unknown): Data[] => (Array.isArray(value) ? value.filter(isRecord) : []);

export const displayOf = (data: Data): { display?: string } =>
  typeof data.display === 'string' ? { display: data.display } : {};

export function parsePublishers(value: unknown): RoomPublisher[] {
  return list(value).map((p) => ({
    id: num(p, 'id'),
    ...displayOf(p),
    streams: list(p.streams).map((s) => ({
      type: kind(s.type),
      mindex: num(s, 'mindex'),
      mid: String(s.mid),
      disabled: s.disabled === true,
      ...(typeof s.codec === 'string' ? { codec: s.codec } : {}),
      ...(typeof s.description === 'string' ? { description: s.description } : {}),
    })),
  }));
}

export const parseAttendees = (value: unknown): RoomAttendee[] =>
  list(value).map((a) => ({ id: num(a, 'id'), ...displayOf(a) }));

export const parseParticipants = (value: unknown): RoomParticipant[] =>
  list(value).map((p) => ({
    id: num(p, 'id'),
    ...displayOf(p),
    publisher: p.publisher === true,
    ...(typeof p.talking === 'boolean' ? { talking: p.talking } : {}),
  }));

export const parseSubscribedStreams = (value: unknown): SubscribedStream[] =>
  list(value).map((s) => ({
    mindex: num(s, 'mindex'),
    mid: String(s.mid),
    type: kind(s.type),
    ...(typeof s.feed_id === 'number' ? { feedId: s.feed_id } : {}),
    ...(typeof s.feed_mid === 'string' ? { feedMid: s.feed_mid } : {}),
    ...(typeof s.feed_display === 'string' ? { feedDisplay: s.feed_display } : {}),
    send: s.send !== false,
    ready: s.ready === true,
  }));

/** Reads an asynchronous VideoRoom event (`JanusHandleEvent` of type 'plugin'). */
export function parseRoomEvent(data: Data): RoomEvent {
  const room = typeof data.room === 'number' ? data.room : 0;
  if (data.videoroom === 'destroyed') return { type: 'destroyed', room };
  if (data.videoroom !== 'event') return { type: 'other', data };
  if (Array.isArray(data.publishers)) return { type: 'publishers', room, publishers: parsePublishers(data.publishers) };
  if (typeof data.unpublished === 'number') return { type: 'unpublished', room, id: data.unpublished };
  if (data.leaving === 'ok') {
    return { type: 'left', room, ...(typeof data.reason === 'string' ? { reason: data.reason } : {}) };
  }
  if (typeof data.leaving === 'number') return { type: 'leaving', room, id: data.leaving };
  if (typeof data.kicked === 'number') return { type: 'kicked', room, id: data.kicked };
  if (isRecord(data.joining)) {
    return { type: 'joining', room, attendee: { id: num(data.joining, 'id'), ...displayOf(data.joining) } };
  }
  return { type: 'other', data };
}

/** The mids of an SDP's m-lines, by kind, in order. */
export function sdpMids(sdp: string): { kind: string; mid: string }[] {
  const found: { kind: string; mid: string }[] = [];
  let current: string | undefined;
  for (const line of sdp.split(/\r?\n/)) {
    if (line.startsWith('m=')) current = line.slice(2).split(' ')[0];
    else if (line.startsWith('a=mid:') && current) found.push({ kind: current, mid: line.slice(6).trim() });
  }
  return found;
}
