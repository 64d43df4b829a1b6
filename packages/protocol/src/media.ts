import { z } from 'zod';

/**
 * Chat servers (spec 2 §3 "Chat server: host, name, health {users, load, latency, color}"): the
 * voice and video service of apps/media, and how Belfry's server and the web app talk about it.
 */

/** What `GET /health` of a chat server answers (with `Authorization: Bearer <MEDIA_SECRET>`). */
export const mediaHealth = z.object({
  /** Users connected to the chat server now. */
  users: z.number().int().min(0),
  /** Work of the process: 1 is one core busy all the time (spec 2 §9: load 1 is the end of the colour scale). */
  load: z.number().min(0),
  /** How late the chat server's own event loop runs, in ms (a busy forwarder delays every packet by this). */
  latency: z.number().min(0),
});
export type MediaHealth = z.infer<typeof mediaHealth>;

export interface ChatServerHealth extends MediaHealth {
  /** Spec 2 §9: load 0 is green, load 1 (or more) red. */
  color: string;
}

/** One entry of `GET /backend/chat-servers`; `health` is null when the server did not answer. */
export interface ChatServerInfo {
  host: string;
  name: string;
  health: ChatServerHealth | null;
}

const roomId = z.string().trim().min(1).max(64);
const userId = z.string().min(1).max(64);
/** SDP of one peer connection; a browser's offer with audio, video and three simulcast layers is a few KB. */
const jsep = (type: 'offer' | 'answer') =>
  z.object({ type: z.literal(type), sdp: z.string().min(1).max(32_000) }).strict();
export const mediaKind = z.enum(['audio', 'video']);
export type MediaKind = z.infer<typeof mediaKind>;

/** A room holds at most this many users (spec 2 §9: a chat server is full at 200 users in all). */
export const MEDIA_ROOM_MAX_USERS = 200;
/** How long a media ticket is good for; the app asks for a new one on every (re)connect. */
export const MEDIA_TICKET_TTL_S = 600;

/**
 * Who hears and sees whom (engine `mediaPolicy`), as Belfry's server sends it to the room's chat
 * server: `PUT /rooms/:roomId/policy` with `Authorization: Bearer <MEDIA_SECRET>`.
 */
export const mediaGrant = z
  .object({
    publish: z.boolean(),
    hears: z.array(userId).max(MEDIA_ROOM_MAX_USERS),
    sees: z.array(userId).max(MEDIA_ROOM_MAX_USERS),
  })
  .strict();
export type MediaGrantWire = z.infer<typeof mediaGrant>;
export const mediaPolicyWire = z
  .object({
    sessionId: roomId,
    version: z.number().int().min(0),
    grants: z.record(userId, mediaGrant).refine((g) => Object.keys(g).length <= MEDIA_ROOM_MAX_USERS, {
      message: `At most ${MEDIA_ROOM_MAX_USERS} users in a room.`,
    }),
  })
  .strict();
export type MediaPolicyWire = z.infer<typeof mediaPolicyWire>;

/**
 * Spec 2 §7 chat media socket, on a real SFU: the browser exchanges SDP with the chat server, which
 * speaks to its Janus; spec names are kept where they mean the same (apps/media/README.md maps them).
 * What a user may send or receive comes from the room's policy, never from these requests.
 */
export const mediaClientMessages = {
  /** The room of the ticket: nothing is created by a client, the policy makes the room. */
  createRoom: z.object({ roomId }).strict(),
  /** Enter the ticket's room; answers the caller's grant and who publishes what there. */
  join: z.object({ roomId }).strict(),
  /** Publish the microphone and/or camera: the browser's offer, answered with the SFU's answer. */
  produce: z.object({ jsep: jsep('offer'), audio: z.boolean(), video: z.boolean() }).strict(),
  /** Mute or unmute at the server (spec 2 §7 producerPaused / producerResumed). */
  pauseProducer: z.object({ kind: mediaKind, paused: z.boolean() }).strict(),
  /** Receive these users' media (only what the caller's grant allows); answers the SFU's offer. */
  consume: z.object({ userIds: z.array(userId).min(1).max(MEDIA_ROOM_MAX_USERS) }).strict(),
  /** The browser's answer to the SFU's offer (after consume, or after a `renegotiate` event). */
  ready: z.object({ jsep: jsep('answer') }).strict(),
  exitRoom: z.object({}).strict(),
};
export type MediaClientEvent = keyof typeof mediaClientMessages;
export type MediaPayload<E extends MediaClientEvent> = z.infer<(typeof mediaClientMessages)[E]>;

/** What one m-line of a user's receiving connection carries. */
export interface MediaStreamInfo {
  mid: string;
  userId: string;
  kind: MediaKind;
}

/** `POST /backend/sessions/:id/media-ticket`: where the session's chat server is and the way in. */
export interface MediaTicketAnswer {
  /** The chat server's address; '' when it is reached through Belfry's own (the page's origin). */
  url: string;
  ticket: string;
  expiresIn: number;
}

/** A publisher as a listener sees it: what it sends and whether it is paused. */
export interface MediaProducer {
  userId: string;
  audio: boolean;
  video: boolean;
  audioPaused: boolean;
  videoPaused: boolean;
}
