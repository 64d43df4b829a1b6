import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_LEVEL } from './voicePrefs';
import { setVolume, useVoiceStore } from './voiceStore';

/** Spec 3 §5: how loud one person plays for this user, 0–200 % in steps of 10 % (stored per browser). */
export function VolumeSlider({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const id = useId();
  const volume = useVoiceStore((s) => s.volumes[userId] ?? 1);
  const percent = Math.round(volume * 100);
  return (
    <div className="voice-volume">
      <label htmlFor={id}>{t('voice.volume', { name })}</label>
      <input
        id={id}
        type="range"
        min={0}
        max={MAX_LEVEL}
        step={0.1}
        value={volume}
        aria-valuetext={`${percent} %`}
        onChange={(event) => setVolume(userId, Number(event.target.value))}
        data-testid={`voice-volume-${userId}`}
      />
      <output htmlFor={id}>{percent} %</output>
      {volume !== 1 && (
        <button type="button" className="button button--link" onClick={() => setVolume(userId, 1)}>
          {t('voice.volume_reset')}
        </button>
      )}
    </div>
  );
}
