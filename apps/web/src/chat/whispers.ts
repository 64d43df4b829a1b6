import {
  channelsClosed,
  isRequestLive,
  isStoryteller,
  isWhisperChannel,
  PUBLIC_ROOM_IDS,
  whisperRefusal,
  type SessionView,
  type WhisperRequest,
} from '@belfry/engine';

export const myChannel = (view: SessionView): string => view.chat.channels[view.viewer.id] ?? '';

/** Incoming requests still open, oldest first: the whisper queue (spectators have none). */
export const incomingRequests = (view: SessionView, now: number): WhisperRequest[] =>
  view.chat.whisperRequests.filter((r) => r.to === view.viewer.id && isRequestLive(r, now)).sort((a, b) => a.at - b.at);

export const outgoingRequests = (view: SessionView, now: number): WhisperRequest[] =>
  view.chat.whisperRequests.filter((r) => r.from === view.viewer.id && isRequestLive(r, now));

/** Who this viewer may ask right now (the server's own rule, run on the view it sent). */
export const whisperTargets = (view: SessionView): string[] => {
  const me = view.viewer.id;
  const seated = view.seats.map((s) => s.id).filter((id) => id !== '' && id !== me);
  const storytellers = view.storytellers.map((st) => st.id).filter((id) => id !== me);
  return [...new Set([...storytellers, ...seated])].filter((id) => whisperRefusal(view, me, id) === null);
};

/** The people in the viewer's channel (the whisper overlay), online only, seat order then Storytellers. */
export const channelMembers = (view: SessionView): string[] => {
  const channel = myChannel(view);
  if (!channel) return [];
  const inside = (id: string) => view.chat.channels[id] === channel && view.users[id]?.isOnline === true;
  const seated = view.seats.map((s) => s.id).filter((id) => id !== '' && inside(id));
  const others = Object.keys(view.chat.channels).filter((id) => inside(id) && !seated.includes(id));
  return [...seated, ...others.sort((a, b) => Number(isStoryteller(view, b)) - Number(isStoryteller(view, a)))];
};

/** Members of each public room, for the Chat tab. */
export const roomMembers = (view: SessionView): Record<string, string[]> => {
  const rooms: Record<string, string[]> = Object.fromEntries(PUBLIC_ROOM_IDS.map((id) => [id, []]));
  for (const [id, channel] of Object.entries(view.chat.channels)) rooms[channel]?.push(id);
  return rooms;
};

/** Spec 2 §4: rooms hidden (and everyone in the town square) at night and during nominations. */
export const roomsHidden = (view: SessionView): boolean => channelsClosed(view);

/** Whether this seat's player is away whispering (the envelope on the seat). */
export const isWhispering = (view: SessionView, userId: string): boolean => {
  const channel = view.chat.channels[userId];
  return channel !== undefined && (channel === 'whisper' || isWhisperChannel(channel));
};

/** Whether the viewer may use the whisper tab at all: spectators have no whisper queue. */
export const hasWhisperQueue = (view: SessionView): boolean =>
  view.viewer.seat >= 0 || isStoryteller(view, view.viewer.id) || view.viewer.grimoireAccess;

/** Seconds left on a request (10 s in all), for its countdown. */
export const secondsLeft = (request: WhisperRequest, now: number, timeoutMs: number): number =>
  Math.max(0, Math.ceil((request.at + timeoutMs - now) / 1000));
