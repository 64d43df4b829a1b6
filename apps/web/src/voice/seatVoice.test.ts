import { describe, expect, it } from 'vitest';
import { type SeatVoiceInput, seatVoiceStates } from './seatVoice';

const base: SeatVoiceInput = {
  status: 'connected',
  mine: false,
  online: true,
  sameChannel: true,
  inRoom: true,
  producer: { userId: 'u', audio: true, video: false, audioPaused: false, videoPaused: false },
  tableHasVideo: false,
  sendsAudio: false,
  sendsVideo: false,
  following: false,
};

describe('seat voice icons (spec 1 §2 nameplate)', () => {
  it('a speaker at a voice-only table shows nothing', () => {
    expect(seatVoiceStates(base)).toEqual([]);
  });

  it('online in the game but not yet in the voice room: connecting', () => {
    expect(seatVoiceStates({ ...base, inRoom: false, producer: undefined })).toEqual(['connecting']);
  });

  it('in the room without a microphone (muted, or not allowed now): listening', () => {
    expect(seatVoiceStates({ ...base, producer: undefined })).toEqual(['listening']);
    expect(seatVoiceStates({ ...base, producer: { ...base.producer!, audioPaused: true } })).toEqual(['listening']);
  });

  it('a camera off is worth an icon only where someone sends video', () => {
    expect(seatVoiceStates({ ...base, tableHasVideo: true })).toEqual(['videoMuted']);
  });

  it('another channel (a whisper) says nothing about what its members send', () => {
    expect(seatVoiceStates({ ...base, sameChannel: false, producer: undefined })).toEqual([]);
  });

  it('listening in is shown even to someone out of voice; nothing else is', () => {
    expect(seatVoiceStates({ ...base, status: 'off', following: true, producer: undefined })).toEqual(['following']);
    expect(seatVoiceStates({ ...base, status: 'reconnecting', inRoom: false })).toEqual([]);
  });

  it('one\u2019s own seat follows one\u2019s own connection and sending', () => {
    const own = { ...base, mine: true, producer: undefined };
    expect(seatVoiceStates({ ...own, status: 'reconnecting' })).toEqual(['connecting']);
    expect(seatVoiceStates(own)).toEqual(['listening']);
    expect(seatVoiceStates({ ...own, sendsAudio: true, tableHasVideo: true })).toEqual(['videoMuted']);
  });
});
