import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setNightPing, useNightPing } from '../../chat';
import { DEFAULT_LANGUAGE } from '../../i18n';
import { SettingToggle } from '../controls';
import { useExternalSetting, writeExternal } from '../externalSettings';
import { setSettings, useSettings } from '../settingsStore';

const STACK_CHOICES = ['auto', 'true', 'false'] as const;

/** Spec 3 §3 game: what the table shows and does for this user. */
export function GameTab() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const nightPing = useNightPing((s) => s.on);
  const playerNightOrder = useExternalSetting('isPlayerNightOrder');
  const playerBluffs = useExternalSetting('isPlayerBluffs');
  const touch = useExternalSetting('isTouchSupport');
  const stackId = useId();
  const stack = settings.stackReminderTokens === null ? 'auto' : String(settings.stackReminderTokens);

  return (
    <div className="settings-tab" data-testid="settings-tab-game">
      <SettingToggle
        label={t('settings.game.tutorial_disabled')}
        checked={settings.isTutorialDisabled}
        onChange={(isTutorialDisabled) => setSettings({ isTutorialDisabled })}
        testId="settings-tutorial-disabled"
      />
      {i18n.language !== DEFAULT_LANGUAGE && (
        <SettingToggle
          label={t('settings.general.english_names')}
          checked={settings.isEnglishNames}
          onChange={(isEnglishNames) => setSettings({ isEnglishNames })}
          testId="settings-game-english-names"
        />
      )}
      <div className="settings-row settings-select">
        <label htmlFor={stackId}>{t('settings.game.stack_reminders')}</label>
        <select
          id={stackId}
          className="field__input settings-select__input"
          value={stack}
          onChange={(event) =>
            setSettings({ stackReminderTokens: event.target.value === 'auto' ? null : event.target.value === 'true' })
          }
          data-testid="settings-stack-reminders"
        >
          {STACK_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`settings.game.stack_${choice}`)}
            </option>
          ))}
        </select>
      </div>
      <SettingToggle
        label={t('settings.game.night_order')}
        checked={settings.isNightOrder}
        onChange={(isNightOrder) => setSettings({ isNightOrder })}
        testId="settings-night-order"
      />
      <SettingToggle
        label={t('settings.game.player_night_order')}
        hint={t('settings.game.player_night_order_hint')}
        checked={playerNightOrder}
        onChange={(on) => writeExternal('isPlayerNightOrder', on)}
        testId="settings-player-night-order"
      />
      <SettingToggle
        label={t('settings.game.player_bluffs')}
        checked={playerBluffs}
        onChange={(on) => writeExternal('isPlayerBluffs', on)}
        testId="settings-player-bluffs"
      />
      <SettingToggle
        label={t('settings.game.player_duplicates')}
        checked={settings.isPlayerDuplicates}
        onChange={(isPlayerDuplicates) => setSettings({ isPlayerDuplicates })}
        testId="settings-player-duplicates"
      />
      <SettingToggle
        label={t('settings.game.night_request_ping')}
        hint={t('settings.game.night_request_ping_hint')}
        checked={nightPing}
        onChange={setNightPing}
        testId="settings-night-ping"
      />
      <SettingToggle
        label={t('settings.game.touch_support')}
        hint={t('settings.game.touch_support_hint')}
        checked={touch}
        onChange={(on) => writeExternal('isTouchSupport', on)}
        testId="settings-touch-support"
      />
    </div>
  );
}
