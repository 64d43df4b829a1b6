import { useTranslation } from 'react-i18next';
import { setMasterVolume, setSoundVolume, useSoundStore } from '../../sound/soundStore';
import { effectiveVolume, SOUND_NAMES } from '../../sound/volume';
import { SettingSlider } from '../controls';
import { volumeDisplay } from '../volumeDisplay';

/** Spec 3 §2: the general tab's sub-view with one volume per sound effect, muted where the master or its own volume is 0. */
export function SoundsView() {
  const { t } = useTranslation();
  const volumes = useSoundStore();
  return (
    <div className="settings-sounds" data-testid="settings-sounds">
      <SettingSlider
        label={t('settings.general.sound_volume')}
        value={volumes.master}
        min={0}
        max={1}
        step={0.1}
        shown={volumeDisplay(volumes.master)}
        onChange={setMasterVolume}
        testId="settings-sound-master"
      />
      <ul className="settings-sounds__list">
        {SOUND_NAMES.map((name) => {
          const own = volumes.sounds[name] ?? 1;
          const muted = effectiveVolume(volumes, name) === 0;
          return (
            <li key={name} className="settings-sounds__item" data-muted={muted || undefined}>
              <SettingSlider
                label={t(`settings.sounds.${name}`)}
                value={own}
                min={0}
                max={1}
                step={0.1}
                shown={muted ? t('settings.sounds.muted') : volumeDisplay(own)}
                onChange={(volume) => setSoundVolume(name, volume)}
                testId={`settings-sound-${name}`}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
