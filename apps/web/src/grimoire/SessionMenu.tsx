import type { SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { leaveSession, sendAction } from '../session/sessionController';
import { useIsPending } from '../session/sessionStore';
import { canBecomeStoryteller, isViewerStoryteller } from './sessionRules';

/** Spec 1 §2 main menu, session part: become or stop being Storyteller, and leave. */
export function SessionMenu({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const pending = useIsPending('storyteller');
  const me = view.viewer.id;

  return (
    <nav className="card menu" aria-labelledby="menu-title">
      <h2 id="menu-title" className="card__title">
        {t('grimoire.menu.title')}
      </h2>
      <p className="card__meta" data-testid="my-role">
        {t(`grimoire.role.${view.viewer.role}`)}
      </p>
      <div className="menu__buttons">
        {canBecomeStoryteller(view) && (
          <button
            type="button"
            className="button button--secondary"
            disabled={pending}
            onClick={() => void sendAction('add_storyteller', 'storyteller', 'addStoryteller', { id: me })}
            data-testid="become-storyteller"
          >
            {t('grimoire.menu.become_storyteller')}
          </button>
        )}
        {isViewerStoryteller(view) && (
          <button
            type="button"
            className="button button--secondary"
            disabled={pending}
            onClick={() => void sendAction('remove_storyteller', 'storyteller', 'removeStoryteller', { id: me })}
            data-testid="stop-storyteller"
          >
            {t('grimoire.menu.stop_storyteller')}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={leaveSession} data-testid="leave">
          {t('grimoire.menu.leave')}
        </button>
      </div>
    </nav>
  );
}
