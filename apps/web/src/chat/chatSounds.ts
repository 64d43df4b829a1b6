import { useSoundStore } from '../sound/soundStore';
import { effectiveVolume } from '../sound/volume';
import { audioFor } from '../sound/audioContext';

/** The chat's own sounds (spec 1 §4 names), synthesised with Web Audio: no samples. */
export type ChatSound = 'chatJoin' | 'chatLeave' | 'privateRequest' | 'privateJoin';

/** One soft sine blip with a quick attack and an exponential tail. */
const blip = (ctx: AudioContext, out: AudioNode, at: number, from: number, to: number, length: number, gain = 0.4) => {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = 'sine';
  osc.frequency.setValueAtTime(from, at);
  osc.frequency.exponentialRampToValueAtTime(to, at + length * 0.6);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(amp).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.05);
};

const VOICES: Record<ChatSound, (ctx: AudioContext, out: AudioNode, at: number) => void> = {
  // Rising pair: someone arrives / a message.
  chatJoin: (ctx, out, at) => {
    blip(ctx, out, at, 660, 660, 0.18);
    blip(ctx, out, at + 0.09, 880, 880, 0.25);
  },
  // Falling pair.
  chatLeave: (ctx, out, at) => {
    blip(ctx, out, at, 880, 880, 0.18);
    blip(ctx, out, at + 0.09, 587, 587, 0.3);
  },
  // A soft knock-knock: a whisper for you.
  privateRequest: (ctx, out, at) => {
    blip(ctx, out, at, 520, 390, 0.12, 0.5);
    blip(ctx, out, at + 0.16, 520, 390, 0.14, 0.5);
  },
  // A little upward chime: a night signal.
  privateJoin: (ctx, out, at) => {
    blip(ctx, out, at, 523, 523, 0.35, 0.3);
    blip(ctx, out, at + 0.07, 659, 659, 0.35, 0.3);
    blip(ctx, out, at + 0.14, 784, 784, 0.5, 0.3);
  },
};

/** Master × the sound's own volume (localStorage, the sound settings); silent at 0. */
export const playChatSound = (sound: ChatSound): void => {
  const volume = effectiveVolume(useSoundStore.getState(), sound);
  if (volume === 0) return;
  const ctx = audioFor(1);
  if (!ctx) return;
  const master = ctx.createGain();
  master.gain.value = volume * 0.6;
  master.connect(ctx.destination);
  VOICES[sound](ctx, master, ctx.currentTime + 0.02);
};

/** Which sound an incoming message deserves: a whisper to me knocks, anything else a soft blip. */
export const soundForMessage = (
  message: { senderId: string; recipientId: string; isSystem: boolean; redacted?: boolean },
  viewerId: string,
): ChatSound | null => {
  if (message.isSystem || message.redacted || message.senderId === viewerId) return null;
  return message.recipientId === viewerId ? 'privateRequest' : 'chatJoin';
};
