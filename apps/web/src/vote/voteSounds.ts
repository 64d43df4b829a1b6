import { useSoundStore } from '../sound/soundStore';
import { effectiveVolume, type SoundName } from '../sound/volume';
import { audioFor } from '../sound/audioContext';

/**
 * The vote's sounds, synthesised with Web Audio (our own; no samples): countdown (a bell-like beep
 * for 3, 2 and 1, a higher, longer one for "go"), voteCast (a soft two-note chime), voteTick (a
 * woodblock knock for each seat the hand passes) and voteTickShort (a shorter, higher knock for fast
 * votes). Volume: master × the sound's own, as the app's sound settings keep them (sound/volume.ts);
 * nothing plays at 0.
 */
export type VoteSound = Extract<SoundName, 'countdown' | 'voteCast' | 'voteTick' | 'voteTickShort'>;

/** Spec 1 §4: the short tick when the vote speed is under 1000 ms. */
export const tickSound = (speedMs: number): VoteSound => (speedMs < 1000 ? 'voteTickShort' : 'voteTick');

interface Tone {
  type: OscillatorType;
  frequency: number;
  /** Glides to this frequency over the sound. */
  endFrequency?: number;
  /** Seconds after the start. */
  delay?: number;
  attack: number;
  decay: number;
  gain: number;
}

const playTone = (ctx: AudioContext, out: AudioNode, tone: Tone) => {
  const start = ctx.currentTime + (tone.delay ?? 0);
  const end = start + tone.attack + tone.decay;
  const osc = ctx.createOscillator();
  const env = ctx.createGain();
  osc.type = tone.type;
  osc.frequency.setValueAtTime(tone.frequency, start);
  if (tone.endFrequency) osc.frequency.exponentialRampToValueAtTime(tone.endFrequency, end);
  env.gain.setValueAtTime(0.0001, start);
  env.gain.exponentialRampToValueAtTime(tone.gain, start + tone.attack);
  env.gain.exponentialRampToValueAtTime(0.0001, end);
  osc.connect(env).connect(out);
  osc.start(start);
  osc.stop(end + 0.02);
};

/** A short burst of band-passed noise: the "knock" of a tick. */
const playClick = (ctx: AudioContext, out: AudioNode, frequency: number, length: number, gain: number) => {
  const frames = Math.max(1, Math.floor(ctx.sampleRate * length));
  const buffer = ctx.createBuffer(1, frames, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 3;
  const source = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  const env = ctx.createGain();
  source.buffer = buffer;
  filter.type = 'bandpass';
  filter.frequency.value = frequency;
  filter.Q.value = 4;
  env.gain.value = gain;
  source.connect(filter).connect(env).connect(out);
  source.start();
};

const RECIPES: Record<VoteSound, (ctx: AudioContext, out: AudioNode, final: boolean) => void> = {
  voteTick: (ctx, out) => {
    playTone(ctx, out, { type: 'triangle', frequency: 1150, endFrequency: 820, attack: 0.002, decay: 0.07, gain: 0.7 });
    playClick(ctx, out, 2400, 0.018, 0.5);
  },
  voteTickShort: (ctx, out) => {
    playTone(ctx, out, {
      type: 'triangle',
      frequency: 1550,
      endFrequency: 1200,
      attack: 0.002,
      decay: 0.035,
      gain: 0.6,
    });
    playClick(ctx, out, 3200, 0.01, 0.4);
  },
  voteCast: (ctx, out) => {
    playTone(ctx, out, { type: 'sine', frequency: 523.25, attack: 0.01, decay: 0.35, gain: 0.45 });
    playTone(ctx, out, { type: 'sine', frequency: 783.99, delay: 0.07, attack: 0.01, decay: 0.45, gain: 0.4 });
    playTone(ctx, out, { type: 'sine', frequency: 1567.98, delay: 0.07, attack: 0.01, decay: 0.25, gain: 0.08 });
  },
  countdown: (ctx, out, final) => {
    const base = final ? 1318.5 : 880;
    const decay = final ? 0.8 : 0.32;
    playTone(ctx, out, { type: 'sine', frequency: base, attack: 0.004, decay, gain: 0.5 });
    // A bell's inharmonic partial gives it its ring.
    playTone(ctx, out, { type: 'sine', frequency: base * 2.76, attack: 0.004, decay: decay * 0.5, gain: 0.12 });
    if (final) playTone(ctx, out, { type: 'sine', frequency: base * 1.5, attack: 0.01, decay, gain: 0.2 });
  },
};

/** Plays one vote sound at master × its own volume; `final` is the countdown's "go". */
export const playVoteSound = (name: VoteSound, final = false): void => {
  const volume = effectiveVolume(useSoundStore.getState(), name);
  if (volume <= 0) return;
  const ctx = audioFor(1);
  if (!ctx) return;
  const out = ctx.createGain();
  out.gain.value = volume;
  out.connect(ctx.destination);
  RECIPES[name](ctx, out, final);
  // The per-play output node goes once its sounds are over.
  setTimeout(() => out.disconnect(), 1500);
};
