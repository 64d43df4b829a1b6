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

/** Spec 2 §9 "Health colour: load 1 is the scale from green to red" (hue 120° at load 0, 0° at load 1). */
export const healthColor = (load: number): string => {
  const share = Math.min(1, Math.max(0, Number.isFinite(load) ? load : 1));
  return `hsl(${Math.round(120 * (1 - share))}, 70%, 42%)`;
};

/** Socket.IO path of a chat server, and the audience of the tickets it accepts (JWT, HS256, MEDIA_SECRET). */
export const MEDIA_SOCKET_PATH = '/media/socket/';
export const MEDIA_TOKEN_AUDIENCE = 'belfry-media';

const roomId = z.string().trim().min(1).max(64);
/** A room's channels: the table (0) and the private chats opened from it. */
const channel = z.number().int().min(0).max(100);

/** Spec 2 §7 chat media socket: the room requests (the WebRTC ones come with voice and video). */
export const mediaClientMessages = {
  createRoom: z.object({ roomId }).strict(),
  join: z.object({ roomId, channel }).strict(),
  exitRoom: z.object({}).strict(),
};
export type MediaClientEvent = keyof typeof mediaClientMessages;
export type MediaPayload<E extends MediaClientEvent> = z.infer<(typeof mediaClientMessages)[E]>;
