import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE } from '../../i18n';
import { setMasterVolume, useSoundStore } from '../../sound/soundStore';
import { SettingSlider, SettingToggle } from '../controls';
import { useExternalSetting, writeExternal } from '../externalSettings';
import { PALETTE_NAMES, PALETTES } from '../palettes';
import { tokenScale } from '../SettingsEffects';
import {
  setSettings,
  TOKEN_ZOOM_MAX,
  TOKEN_ZOOM_MIN,
  useSettings,
  wrapColorblind,
  ZOOM_MAX,
  ZOOM_MIN,
} from '../settingsStore';
import { volumeDisplay } from '../volumeDisplay';

const percent = (factor: number) => `${Math.round(factor * 100)}%`;

/** Spec 3 §3 general: sizes, sound, colours and what the table shows. */
export function GeneralTab({ onSounds }: { onSounds: () => void }) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const master = useSoundStore((s) => s.master);
  const imageOptIn = useExternalSetting('isImageOptIn');
  const palette = PALETTES[settings.colorblind] ?? PALETTES[0]!;

  return (
    <div className="settings-tab" data-testid="settings-tab-general">
      <SettingSlider
        label={t('settings.general.token_zoom')}
        value={settings.tokenZoom}
        min={TOKEN_ZOOM_MIN}
        max={TOKEN_ZOOM_MAX}
        step={1}
        shown={percent(tokenScale(settings.tokenZoom))}
        onChange={(tokenZoom) => setSettings({ tokenZoom })}
        testId="settings-token-zoom"
      />
      <SettingSlider
        label={t('settings.general.reminder_zoom')}
        value={settings.reminderZoom}
        min={ZOOM_MIN}
        max={ZOOM_MAX}
        step={0.1}
        shown={percent(settings.reminderZoom)}
        onChange={(reminderZoom) => setSettings({ reminderZoom })}
        testId="settings-reminder-zoom"
      />
      <SettingSlider
        label={t('settings.general.avatar_zoom')}
        value={settings.avatarZoom}
        min={ZOOM_MIN}
        max={ZOOM_MAX}
        step={0.1}
        shown={percent(settings.avatarZoom)}
        onChange={(avatarZoom) => setSettings({ avatarZoom })}
        testId="settings-avatar-zoom"
      />
      <SettingSlider
        label={t('settings.general.sound_volume')}
        value={master}
        min={0}
        max={1}
        step={0.1}
        shown={volumeDisplay(master)}
        onChange={setMasterVolume}
        testId="settings-sound-volume"
      />
      <div className="settings-row settings-row--end">
        <button type="button" className="button button--small" onClick={onSounds} data-testid="settings-open-sounds">
          {t('settings.general.sound_effects')}
        </button>
      </div>
      <div className="settings-row settings-palette">
        <span id="settings-colorblind-label">{t('settings.general.colorblind')}</span>
        <button
          type="button"
          className="button button--small button--ghost"
          aria-describedby="settings-colorblind-label"
          onClick={() => setSettings({ colorblind: wrapColorblind(settings.colorblind + 1) })}
          data-testid="settings-colorblind"
          data-mode={settings.colorblind}
        >
          {t(`settings.palettes.${PALETTE_NAMES[settings.colorblind] ?? 'standard'}`)}
          <span className="settings-palette__swatches" aria-hidden="true">
            {Object.values(palette).map((colour, index) => (
              <svg key={index} width="14" height="14" viewBox="0 0 14 14">
                <circle cx="7" cy="7" r="6" fill={colour} />
              </svg>
            ))}
          </span>
        </button>
        <p className="field__hint settings-row__hint">{t('settings.general.colorblind_hint')}</p>
      </div>
      <SettingToggle
        label={t('settings.general.cosmetics_disabled')}
        checked={settings.isCosmeticsDisabled}
        onChange={(isCosmeticsDisabled) => setSettings({ isCosmeticsDisabled })}
        testId="settings-cosmetics-disabled"
      />
      <SettingToggle
        label={t('settings.general.animations_disabled')}
        checked={settings.isAnimationsDisabled}
        onChange={(isAnimationsDisabled) => setSettings({ isAnimationsDisabled })}
        testId="settings-animations-disabled"
      />
      <SettingToggle
        label={t('settings.general.image_opt_in')}
        hint={t('settings.general.image_opt_in_hint')}
        checked={imageOptIn}
        onChange={(on) => writeExternal('isImageOptIn', on)}
        testId="settings-image-opt-in"
      />
      <SettingToggle
        label={t('settings.general.positioning_disabled')}
        checked={settings.isPositioningDisabled}
        onChange={(isPositioningDisabled) => setSettings({ isPositioningDisabled })}
        testId="settings-positioning-disabled"
      />
      {i18n.language !== DEFAULT_LANGUAGE && (
        <SettingToggle
          label={t('settings.general.english_names')}
          checked={settings.isEnglishNames}
          onChange={(isEnglishNames) => setSettings({ isEnglishNames })}
          testId="settings-english-names"
        />
      )}
    </div>
  );
}
