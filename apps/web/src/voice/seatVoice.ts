import type { MediaProducer } from '@belfry/protocol';
import type { VoiceStatus } from './voiceStore';

/** Spec 1 §2 nameplate status icons (offline is the seat's own tag). */
export type SeatVoiceState = 'connecting' | 'listening' | 'videoMuted' | 'following';

export interface SeatVoiceInput {
  /** This user's own voice connection. */
  status: VoiceStatus;
  /** The seat's player: theirs, online in the game, sharing this user's channel (so audible if speaking). */
  mine: boolean;
  online: boolean;
  sameChannel: boolean;
  inRoom: boolean;
  /** What the chat server says the player sends (only producers this user may receive are listed). */
  producer: MediaProducer | undefined;
  /** Someone at the table sends video: only then is a missing camera worth an icon. */
  tableHasVideo: boolean;
  /** This user sends audio / video (their own seat). */
  sendsAudio: boolean;
  sendsVideo: boolean;
  /** The player listens in on someone (known to grimoire holders only). */
  following: boolean;
}

/**
 * What the seat's icons say about a player's voice: still connecting, in voice but silent (muted,
 * or not allowed to speak now), camera off at a table that uses cameras, listening in on someone.
 * Nothing is shown while this user is not in voice themselves: they would not know.
 */
export const seatVoiceStates = (input: SeatVoiceInput): SeatVoiceState[] => {
  const states: SeatVoiceState[] = [];
  if (input.following) states.push('following');
  if (input.status === 'off' || input.status === 'unsupported' || !input.online) return states;
  if (input.mine) {
    if (input.status !== 'connected') return [...states, 'connecting'];
    if (!input.sendsAudio) states.push('listening');
    if (input.tableHasVideo && !input.sendsVideo) states.push('videoMuted');
    return states;
  }
  if (input.status !== 'connected') return states;
  if (!input.inRoom) return [...states, 'connecting'];
  if (!input.sameChannel) return states;
  const audio = !!input.producer?.audio && !input.producer.audioPaused;
  const video = !!input.producer?.video && !input.producer.videoPaused;
  if (!audio) states.push('listening');
  if (input.tableHasVideo && !video) states.push('videoMuted');
  return states;
};
