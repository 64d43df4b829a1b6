/**
 * The chat server's names and plain helpers, apart from its schemas (media.ts), so that the web app's
 * voice code loads them without zod.
 */

/** Socket.IO path of a chat server, and the audience of the tickets it accepts (JWT, HS256, MEDIA_SECRET). */
export const MEDIA_SOCKET_PATH = '/media/socket/';
export const MEDIA_TOKEN_AUDIENCE = 'belfry-media';

/** Events a chat server sends a user (spec 2 §7 "receives"). */
export const MEDIA_SERVER_EVENTS = {
  /** The caller's grant changed (the game moved them or others). */
  grant: 'grant',
  /** Producers the caller may now receive (or whose kinds changed). */
  newProducers: 'newProducers',
  /** A producer the caller received is gone or no longer allowed. */
  producerClosed: 'producerClosed',
  producerPaused: 'producerPaused',
  /** The SFU's new offer for the caller's receiving connection; answer with `ready`. */
  renegotiate: 'renegotiate',
  consumerJoined: 'consumerJoined',
  consumerLeft: 'consumerLeft',
} as const;

/** Spec 2 §9 "Health colour: load 1 is the scale from green to red" (hue 120° at load 0, 0° at load 1). */
export const healthColor = (load: number): string => {
  const share = Math.min(1, Math.max(0, Number.isFinite(load) ? load : 1));
  return `hsl(${Math.round(120 * (1 - share))}, 70%, 42%)`;
};
