import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logoutAndLeave } from '../../session/logout';
import { UI_ICONS } from '../../ui/icons/iconNames';
import { playSound } from '../../sound/synth';
import { setMasterVolume, setSoundVolume, useSoundStore } from '../../sound/soundStore';
import type { SoundName } from '../../sound/volume';
import { toggleFullscreen } from '../../session/gameActions';
import { setMenuOpen } from '../../session/gameUiStore';
import { SCRIPT_SCHEMA_URL } from '../../script';
import { openSettings } from '../../settings';
import { useKeybindings } from '../../ui/keybindings';
import { useKeyName } from '../../ui/KeyCap';
import { GameHelp } from '../GameHelp';
import { MenuItem } from './MenuItem';
import { PATHS } from '../../routing/paths';
import { useStandalone } from '../AppInfo';
import { DEFAULT_LANGUAGE } from '../../i18n';

export const VOLUME_SOUNDS: SoundName[] = ['attentionGong', 'timerGong'];

export function AppTab() {
  const { t, i18n } = useTranslation();
  const standalone = useStandalone();
  const volumes = useSoundStore();
  const bindings = useKeybindings((state) => state.bindings);
  const keyName = useKeyName();
  const [helpOpen, setHelpOpen] = useState(false);
  // The menu shows the first key bound to an action, as the user bound it.
  const keyOf = (keys: readonly string[]) => (keys[0] === undefined ? undefined : keyName(keys[0]));
  return (
    <>
      <ul className="menu-list">
        <MenuItem
          icon={UI_ICONS.fullscreen}
          label={t('game.menu.fullscreen')}
          onClick={toggleFullscreen}
          shortcut={keyOf(bindings.fullscreen)}
          testId="fullscreen-toggle"
        />
      </ul>
      <fieldset className="volumes">
        <legend className="volumes__title">{t('game.sound.title')}</legend>
        <Volume
          label={t('game.sound.master')}
          value={volumes.master}
          onChange={setMasterVolume}
          testId="volume-master"
        />
        {VOLUME_SOUNDS.map((sound) => (
          <Volume
            key={sound}
            label={t(`game.sound.${sound}`)}
            value={volumes.sounds[sound] ?? 1}
            onChange={(value) => setSoundVolume(sound, value)}
            onTest={() => playSound(sound)}
            testId={`volume-${sound}`}
          />
        ))}
      </fieldset>
      <ul className="menu-list">
        <MenuItem
          icon={UI_ICONS.menu}
          label={t('game.menu.settings')}
          onClick={() => {
            setMenuOpen(false);
            openSettings();
          }}
          shortcut={keyOf(bindings.settings)}
          testId="menu-settings"
        />
        <MenuItem
          icon={UI_ICONS.help}
          label={t('game.menu.help')}
          onClick={() => setHelpOpen(true)}
          testId="menu-help"
        />
        <MenuItem
          icon={UI_ICONS.rules}
          label={t('game.menu.schema')}
          onClick={() => {
            setMenuOpen(false);
            window.open(SCRIPT_SCHEMA_URL, '_blank', 'noopener');
          }}
          testId="menu-schema"
        />
        {i18n.language !== DEFAULT_LANGUAGE && (
          // Spec 1 §2 App tab: the translation link when the interface is not in English.
          <MenuItem
            icon={UI_ICONS.whisper}
            label={t('language.menu_link')}
            onClick={() => {
              setMenuOpen(false);
              window.open(PATHS.translations, '_blank', 'noopener');
            }}
            testId="menu-translations"
          />
        )}
        <MenuItem
          icon={UI_ICONS.leave}
          label={t('game.menu.logout')}
          onClick={() => void logoutAndLeave()}
          testId="menu-logout"
        />
        {standalone && (
          <MenuItem
            icon={UI_ICONS.leave}
            label={t('app_info.quit')}
            onClick={() => window.close()}
            testId="menu-quit"
          />
        )}
      </ul>
      {helpOpen && <GameHelp onClose={() => setHelpOpen(false)} />}
    </>
  );
}

export interface VolumeProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  onTest?: () => void;
  testId: string;
}

export function Volume({ label, value, onChange, onTest, testId }: VolumeProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="volume">
      <label htmlFor={id} className="volume__label">
        {label}
      </label>
      <input
        id={id}
        type="range"
        min={0}
        max={1}
        step={0.1}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="volume__slider"
        data-testid={testId}
      />
      <span className="volume__value">{value === 0 ? t('game.sound.muted') : `${Math.round(value * 100)} %`}</span>
      {onTest && (
        <button
          type="button"
          className="button button--tiny button--ghost"
          onClick={onTest}
          data-testid={`${testId}-test`}
        >
          {t('game.sound.test')}
        </button>
      )}
    </div>
  );
}
