// Shapes of the Janus core API (1.x) as seen on its WebSocket transport, and the narrowing that turns
// an untrusted frame into them.

/** An SDP offer or answer as Janus carries it next to a request or an event. */
export interface JanusJsep {
  type: 'offer' | 'answer';
  sdp: string;
  /** Set on offers Janus sends when the peer may trickle; absent means true. */
  trickle?: boolean;
  /** Set by Janus on renegotiations. */
  update?: boolean;
}

/** One ICE candidate as a browser's `RTCIceCandidate.toJSON()` gives it, or the end of candidates. */
export type JanusCandidate =
  { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } | { completed: true };

/** A plugin's reply: `data` is the plugin's own object, e.g. `{ videoroom: 'joined', ... }`. */
export interface PluginReply {
  data: Readonly<Record<string, unknown>>;
  jsep?: JanusJsep;
}

/** Events Janus sends about one handle. */
export type JanusHandleEvent =
  | { type: 'webrtcup' }
  | { type: 'media'; media: 'audio' | 'video'; mid?: string; receiving: boolean }
  | { type: 'hangup'; reason: string }
  | { type: 'slowlink'; media?: 'audio' | 'video'; mid?: string; uplink: boolean; lost: number }
  | { type: 'detached' }
  | { type: 'trickle'; candidate: JanusCandidate }
  /** A plugin event no request of ours waits for (other publishers, kicks, deferred offers). */
  | ({ type: 'plugin' } & PluginReply);

/** Events about a whole session. */
export type JanusSessionEvent =
  /** Janus dropped the session (no keepalive for `session_timeout` seconds). */
  | { type: 'timeout' }
  /** The WebSocket to Janus closed: the session is gone with it. */
  | { type: 'closed' }
  | { type: 'keepalive-failed'; error: Error };

/** A frame from Janus after the minimal checks: an object with a string `janus` field. */
export interface JanusFrame {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
  data?: { id?: number };
  error?: { code?: number; reason?: string };
  plugindata?: { plugin?: string; data?: Record<string, unknown> };
  jsep?: JanusJsep;
  [key: string]: unknown;
}

export type JanusErrorKind = 'janus' | 'plugin' | 'timeout' | 'closed' | 'protocol';

/** A refused or failed request; `code` is Janus's (e.g. 403) or the plugin's (e.g. VideoRoom's 426). */
export class JanusError extends Error {
  override readonly name = 'JanusError';
  constructor(
    readonly kind: JanusErrorKind,
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** Janus's code for a missing or wrong `apisecret`. */
export const JANUS_UNAUTHORIZED = 403;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isJsep = (value: unknown): value is JanusJsep =>
  isRecord(value) && (value.type === 'offer' || value.type === 'answer') && typeof value.sdp === 'string';

/** Parses one WebSocket frame; null when it is not a Janus message at all. */
export function parseFrame(text: string): JanusFrame | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || typeof value.janus !== 'string') return null;
  const frame: JanusFrame = { ...value, janus: value.janus };
  // Drop what does not have the documented shape, so readers below can trust the declared types.
  if (typeof value.transaction !== 'string') delete frame.transaction;
  if (typeof value.session_id !== 'number') delete frame.session_id;
  if (typeof value.sender !== 'number') delete frame.sender;
  if (!isRecord(value.data)) delete frame.data;
  if (!isRecord(value.error)) delete frame.error;
  if (!isRecord(value.plugindata) || !isRecord(value.plugindata.data)) delete frame.plugindata;
  if (!isJsep(value.jsep)) delete frame.jsep;
  return frame;
}

/** The plugin's part of a `success` or `event` frame; a plugin error (`error_code`) becomes a JanusError. */
export function pluginReply(frame: JanusFrame): PluginReply {
  const data = frame.plugindata?.data;
  if (!data) throw new JanusError('protocol', `Janus answered '${frame.janus}' without plugin data`);
  if (typeof data.error_code === 'number') {
    const reason = typeof data.error === 'string' ? data.error : 'plugin error';
    throw new JanusError('plugin', reason, data.error_code);
  }
  return frame.jsep ? { data, jsep: frame.jsep } : { data };
}

/** Maps a frame about a handle (`sender`) to a typed event; null for frames that are not events. */
export function handleEvent(frame: JanusFrame): JanusHandleEvent | null {
  const media = frame.type === 'audio' || frame.type === 'video' ? frame.type : undefined;
  const mid = typeof frame.mid === 'string' ? frame.mid : undefined;
  switch (frame.janus) {
    case 'webrtcup':
      return { type: 'webrtcup' };
    case 'media':
      return media ? { type: 'media', media, receiving: frame.receiving === true, ...(mid ? { mid } : {}) } : null;
    case 'hangup':
      return { type: 'hangup', reason: typeof frame.reason === 'string' ? frame.reason : '' };
    case 'slowlink': {
      const kind = frame.media === 'audio' || frame.media === 'video' ? frame.media : undefined;
      const lost = typeof frame.lost === 'number' ? frame.lost : 0;
      return {
        type: 'slowlink',
        uplink: frame.uplink === true,
        lost,
        ...(kind ? { media: kind } : {}),
        ...(mid ? { mid } : {}),
      };
    }
    case 'detached':
      return { type: 'detached' };
    case 'trickle': {
      const c = frame.candidate;
      if (isRecord(c) && c.completed === true) return { type: 'trickle', candidate: { completed: true } };
      if (!isRecord(c) || typeof c.candidate !== 'string') return null;
      const sdpMid = typeof c.sdpMid === 'string' ? c.sdpMid : null;
      const sdpMLineIndex = typeof c.sdpMLineIndex === 'number' ? c.sdpMLineIndex : null;
      return { type: 'trickle', candidate: { candidate: c.candidate, sdpMid, sdpMLineIndex } };
    }
    case 'event': {
      const data = frame.plugindata?.data;
      if (!data) return null;
      return frame.jsep ? { type: 'plugin', data, jsep: frame.jsep } : { type: 'plugin', data };
    }
    default:
      return null;
  }
}
