import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { VoiceSetup } from '../voice';
import { closeSettings, openSettings, SETTINGS_TABS, type SettingsTab } from './settingsDialog';
import { ShortcutsTab } from './ShortcutsTab';
import { AdvancedTab } from './tabs/AdvancedTab';
import { ChatTab } from './tabs/ChatTab';
import { GameTab } from './tabs/GameTab';
import { GeneralTab } from './tabs/GeneralTab';
import { SoundsView } from './tabs/SoundsView';
import { UserTab } from './tabs/UserTab';
import './Settings.css';

/** Spec 3 §2: the Settings dialog, six tabs; the general tab's sound sub-view changes the header. */
export function SettingsDialog({ tab }: { tab: SettingsTab }) {
  const { t } = useTranslation();
  const [sounds, setSounds] = useState(false);
  const [voiceSetup, setVoiceSetup] = useState(false);
  const openVoiceSetup = () => setVoiceSetup(true);

  const choose = (next: SettingsTab) => {
    setSounds(false);
    openSettings(next);
  };
  // Arrow keys move along the tabs (the WAI-ARIA tabs pattern); focus follows the choice.
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = (SETTINGS_TABS.indexOf(tab) + step + SETTINGS_TABS.length) % SETTINGS_TABS.length;
    const next = SETTINGS_TABS[index]!;
    choose(next);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-tab="${next}"]`)?.focus();
  };

  const dismiss = () => (sounds ? setSounds(false) : closeSettings());

  return (
    <>
      <Modal
        title={sounds ? t('settings.sounds.title') : t('settings.title')}
        onDismiss={dismiss}
        testId="settings-dialog"
        className="settings-dialog"
      >
        {!sounds && (
          <div className="settings-tabs" role="tablist" aria-label={t('settings.title')} onKeyDown={onTabKey}>
            {SETTINGS_TABS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`settings-tab-${name}-button`}
                aria-selected={name === tab}
                aria-controls="settings-panel"
                tabIndex={name === tab ? 0 : -1}
                className="settings-tabs__tab"
                data-tab={name}
                onClick={() => choose(name)}
                data-testid={`settings-tab-button-${name}`}
              >
                {t(`settings.tabs.${name}`)}
              </button>
            ))}
          </div>
        )}
        <div
          id="settings-panel"
          className="settings-panel"
          role={sounds ? undefined : 'tabpanel'}
          aria-labelledby={sounds ? undefined : `settings-tab-${tab}-button`}
        >
          {sounds ? (
            <SoundsView />
          ) : (
            <>
              {tab === 'general' && <GeneralTab onSounds={() => setSounds(true)} />}
              {tab === 'user' && <UserTab />}
              {tab === 'chat' && <ChatTab onVoiceSetup={openVoiceSetup} />}
              {tab === 'game' && <GameTab />}
              {tab === 'shortcuts' && <ShortcutsTab />}
              {tab === 'advanced' && <AdvancedTab onVoiceSetup={openVoiceSetup} />}
            </>
          )}
        </div>
        <div className="dialog__buttons">
          {sounds && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setSounds(false)}
              data-testid="settings-back"
            >
              {t('settings.back')}
            </button>
          )}
          <button type="button" className="button" onClick={closeSettings} data-testid="settings-close">
            {t('settings.close')}
          </button>
        </div>
      </Modal>
      {voiceSetup && <VoiceSetup onClose={() => setVoiceSetup(false)} />}
    </>
  );
}
