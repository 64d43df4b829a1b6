import { effectiveVolume, type SoundName } from './volume';
import { useSoundStore } from './soundStore';
import { audioFor } from './audioContext';

/**
 * Belfry's own sounds, made with the Web Audio API (no samples): a deep gong that calls for
 * attention and a pair of bell strokes when the timer runs out.
 */

/** One decaying partial of a struck metal body. */
const partial = (
  ctx: AudioContext,
  out: AudioNode,
  at: number,
  frequency: number,
  gain: number,
  decay: number,
  bend = 1,
): void => {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = 'sine';
  osc.frequency.setValueAtTime(frequency * bend, at);
  osc.frequency.exponentialRampToValueAtTime(frequency, at + 0.6);
  amp.gain.setValueAtTime(0.0001, at);
  amp.gain.exponentialRampToValueAtTime(gain, at + 0.012);
  amp.gain.exponentialRampToValueAtTime(0.0001, at + decay);
  osc.connect(amp).connect(out);
  osc.start(at);
  osc.stop(at + decay + 0.05);
};

/** A short filtered noise burst: the mallet hitting the metal. */
const strike = (ctx: AudioContext, out: AudioNode, at: number, gain: number, cutoff: number): void => {
  const length = Math.floor(ctx.sampleRate * 0.08);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length) ** 3;
  const noise = ctx.createBufferSource();
  noise.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.value = cutoff;
  const amp = ctx.createGain();
  amp.gain.value = gain;
  noise.connect(filter).connect(amp).connect(out);
  noise.start(at);
};

const gong = (ctx: AudioContext, out: AudioNode, at: number): void => {
  // Inharmonic partials of a large gong, the low ones ringing longest, with a slight upward shimmer.
  const base = 98;
  const partials: [number, number, number, number][] = [
    [1, 0.55, 6.5, 0.985],
    [1.52, 0.32, 5.2, 0.99],
    [2.03, 0.26, 4.4, 1.0],
    [2.74, 0.16, 3.6, 1.006],
    [3.36, 0.12, 3.0, 1.0],
    [4.15, 0.08, 2.4, 1.01],
    [5.43, 0.05, 1.8, 1.0],
  ];
  for (const [ratio, gain, decay, bend] of partials) partial(ctx, out, at, base * ratio, gain, decay, bend);
  strike(ctx, out, at, 0.35, 900);
};

const bell = (ctx: AudioContext, out: AudioNode, at: number, base: number): void => {
  const partials: [number, number, number][] = [
    [0.5, 0.22, 2.6],
    [1, 0.5, 2.2],
    [1.19, 0.18, 1.6],
    [1.5, 0.2, 1.4],
    [2, 0.14, 1.1],
    [2.5, 0.08, 0.8],
    [3, 0.05, 0.6],
  ];
  for (const [ratio, gain, decay] of partials) partial(ctx, out, at, base * ratio, gain, decay);
  strike(ctx, out, at, 0.12, 4000);
};

const VOICES: Partial<Record<SoundName, (ctx: AudioContext, out: AudioNode, at: number) => void>> = {
  attentionGong: gong,
  timerGong: (ctx, out, at) => {
    bell(ctx, out, at, 784);
    bell(ctx, out, at + 0.45, 659);
  },
};

/** Plays a sound at master × its own volume; nothing when either is 0 or audio is unavailable. */
export const playSound = (sound: SoundName): void => {
  const volume = effectiveVolume(useSoundStore.getState(), sound);
  const voice = VOICES[sound];
  if (volume === 0 || !voice) return;
  // The gong rings for about 7 s, the timer's bells for about 3 s.
  const ctx = audioFor(sound === 'attentionGong' ? 7 : 3);
  if (!ctx) return;
  const master = ctx.createGain();
  master.gain.value = volume * 0.8;
  const compressor = ctx.createDynamicsCompressor();
  master.connect(compressor).connect(ctx.destination);
  voice(ctx, master, ctx.currentTime + 0.02);
};
