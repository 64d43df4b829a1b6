import { useTranslation } from 'react-i18next';
import { setMenuOpen } from '../session/gameUiStore';
import { isViewerStoryteller } from '../session/sessionRules';
import { useSessionStore } from '../session/sessionStore';
import { startTour } from './tour';
import { openSettings } from '../settings';
import { KeyCap } from '../ui/KeyCap';
import { useKeybindings } from '../ui/keybindings';
import { SHORTCUT_ACTIONS } from '../ui/shortcuts';
import { Modal } from '../ui/Modal';
import './GameHelp.css';

/** The topics of "how to play at the table", in reading order; each has a title and a text. */
export const HELP_TOPICS = ['table', 'roles', 'talk', 'day', 'night', 'end'] as const;

/**
 * The game menu's Help (spec 1 §2 App tab): how to play at Belfry's table in our own words, and the
 * shortcut list as this user has bound the keys.
 */
export function GameHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const bindings = useKeybindings((state) => state.bindings);
  return (
    <Modal title={t('help.title')} onDismiss={onClose} testId="game-help" className="dialog--wide game-help">
      <div className="game-help__scroll">
        {HELP_TOPICS.map((topic) => (
          <section key={topic} className="game-help__topic">
            <h3 className="game-help__heading">{t(`help.topic.${topic}_title`)}</h3>
            <p className="game-help__text">{t(`help.topic.${topic}`)}</p>
          </section>
        ))}
        <section className="game-help__topic" data-testid="game-help-shortcuts">
          <h3 className="game-help__heading">{t('help.shortcuts_title')}</h3>
          <p className="game-help__text">{t('help.shortcuts_text')}</p>
          <dl className="game-help__keys">
            {SHORTCUT_ACTIONS.map((action) => (
              <div key={action} className="game-help__key" data-testid={`help-shortcut-${action}`}>
                <dt>
                  {bindings[action].map((key) => (
                    <KeyCap key={key} keyName={key} />
                  ))}
                </dt>
                <dd>{t(`shortcuts.action.${action}`)}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
      <div className="dialog__buttons">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            const view = useSessionStore.getState().view;
            onClose();
            setMenuOpen(false);
            startTour(view && isViewerStoryteller(view) ? 'storyteller' : 'player');
          }}
          data-testid="game-help-tour"
        >
          {t('tour.again')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onClose();
            setMenuOpen(false);
            openSettings('shortcuts');
          }}
          data-testid="game-help-change-keys"
        >
          {t('help.change_keys')}
        </button>
        <button type="button" className="button button--primary" onClick={onClose} autoFocus>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
