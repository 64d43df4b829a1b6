import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Quieter than this (in dBFS) shows an empty bar; 0 dBFS a full one. */
const FLOOR_DB = -60;
/** Per frame, how far the bar may fall: it jumps up with a word and sinks slowly, like a VU meter. */
const FALL = 0.015;

const levelOf = (samples: Float32Array): number => {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / samples.length);
  const db = rms > 0 ? 20 * Math.log10(rms) : FLOOR_DB;
  return Math.min(1, Math.max(0, (db - FLOOR_DB) / -FLOOR_DB));
};

/**
 * How loud the microphone is, after the user's gain (spec 3 §5), so the meter shows what the table would
 * hear. Drawn straight into the DOM each frame: sixty renders a second would be wasted on a bar.
 * `data-level` (0–1) is the bar's fill.
 */
export function LevelMeter({ stream, gain }: { stream: MediaStream | null; gain: number }) {
  const { t } = useTranslation();
  const meter = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const gainNode = useRef<GainNode | null>(null);
  const gainLevel = useRef(gain);

  useEffect(() => {
    gainLevel.current = gain;
    if (gainNode.current) gainNode.current.gain.value = gain;
  }, [gain]);

  useEffect(() => {
    const show = (level: number) => {
      bar.current?.style.setProperty('--level', String(level));
      meter.current?.setAttribute('data-level', level.toFixed(2));
      meter.current?.setAttribute('aria-valuenow', String(Math.round(level * 100)));
    };
    if (!stream || stream.getAudioTracks().length === 0) return show(0);
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const amplifier = context.createGain();
    amplifier.gain.value = gainLevel.current;
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    // Not connected to the speakers: the user should not hear themselves.
    source.connect(amplifier).connect(analyser);
    gainNode.current = amplifier;
    const samples = new Float32Array(analyser.fftSize);
    let level = 0;
    let frame = 0;
    const draw = () => {
      analyser.getFloatTimeDomainData(samples);
      level = Math.max(levelOf(samples), level - FALL);
      show(level);
      frame = requestAnimationFrame(draw);
    };
    // Opened after the click that opened the dialogue, so the browser lets it run; resume in case it waits.
    void context.resume().catch(() => undefined);
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      gainNode.current = null;
      source.disconnect();
      void context.close().catch(() => undefined);
      show(0);
    };
  }, [stream]);

  return (
    <div
      ref={meter}
      className="setup-meter"
      role="meter"
      aria-label={t('voice.setup.mic_level')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={0}
      data-level="0.00"
      data-testid="setup-mic-level"
    >
      <div ref={bar} className="setup-meter__bar" />
    </div>
  );
}
