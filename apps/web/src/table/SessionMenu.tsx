import type { SessionView } from '@belfry/engine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../ui/dialogs';
import { leaveSession, sendAction } from '../session/sessionController';
import { useIsPending } from '../session/sessionStore';
import { MetaPanel } from '../people';
import {
  canBecomeStoryteller,
  canRequestStoryteller,
  hasPendingStorytellerRequest,
  isViewerStoryteller,
  ownGrimoireRequest,
} from '../session/sessionRules';

/**
 * Spec 1 §2 main menu, session part: the session's details, grimoire access and co-Storyteller
 * requests, become or stop being Storyteller, and leave.
 */
export function SessionMenu({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const pending = useIsPending('storyteller');
  const requestPending = useIsPending('request-storyteller');
  const grimPending = useIsPending('request-grimoire');
  const [metaOpen, setMetaOpen] = useState(false);
  const me = view.viewer.id;
  const grimoire = ownGrimoireRequest(view);
  const asked = hasPendingStorytellerRequest(view);

  const askStoryteller = async () => {
    // Spec 2 §4: a pending request is confirmed or cancelled; otherwise confirm and send a request.
    const sure = asked
      ? await confirmDialog(
          'grimoire.st_request.cancel_title',
          'grimoire.st_request.cancel_text',
          'grimoire.st_request.cancel',
        )
      : await confirmDialog('grimoire.st_request.title', 'grimoire.st_request.text', 'grimoire.st_request.send', {
          variant: 'primary',
        });
    if (sure) await sendAction('request_storyteller', 'request-storyteller', 'requestStoryteller', {});
  };

  return (
    <nav className="card menu" aria-labelledby="menu-title">
      <h2 id="menu-title" className="card__title">
        {t('grimoire.menu.title')}
      </h2>
      <p className="card__meta" data-testid="my-role">
        {t(`grimoire.role.${view.viewer.role}`)}
      </p>
      <div className="menu__buttons">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setMetaOpen(true)}
          aria-haspopup="dialog"
          data-testid="open-meta"
        >
          {t(isViewerStoryteller(view) ? 'grimoire.menu.meta_edit' : 'grimoire.menu.meta')}
        </button>
        {(grimoire.kind === 'request' || grimoire.kind === 'cancel' || grimoire.kind === 'closed') && (
          <button
            type="button"
            className="button button--secondary"
            disabled={grimPending || grimoire.kind === 'closed'}
            title={grimoire.kind === 'closed' ? t('grimoire.menu.grimoire_closed') : undefined}
            onClick={() =>
              void sendAction('request_grim', 'request-grimoire', 'requestGrimoire', {
                id: me,
                status: grimoire.kind === 'cancel' ? 'remove' : 'request',
              })
            }
            data-testid="request-grimoire"
            data-state={grimoire.kind}
          >
            {t(grimoire.kind === 'cancel' ? 'grimoire.menu.cancel_grimoire' : 'grimoire.menu.request_grimoire')}
          </button>
        )}
        {grimoire.kind === 'closed' && <p className="menu__note">{t('grimoire.menu.grimoire_closed')}</p>}
        {grimoire.kind === 'cancel' && <p className="menu__note">{t('grimoire.menu.grimoire_waiting')}</p>}
        {grimoire.kind === 'granted' && (
          <button
            type="button"
            className="button button--ghost"
            disabled={grimPending}
            onClick={() =>
              void sendAction('request_grim', 'request-grimoire', 'requestGrimoire', { id: me, status: 'remove' })
            }
            data-testid="request-grimoire"
            data-state="granted"
          >
            {t('grimoire.menu.return_grimoire')}
          </button>
        )}
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
        {canRequestStoryteller(view) && (
          <button
            type="button"
            className="button button--secondary"
            disabled={requestPending}
            onClick={() => void askStoryteller()}
            data-testid="request-storyteller"
            data-state={asked ? 'pending' : 'none'}
          >
            {t(asked ? 'grimoire.menu.cancel_storyteller_request' : 'grimoire.menu.request_storyteller')}
          </button>
        )}
        {asked && <p className="menu__note">{t('grimoire.menu.storyteller_waiting')}</p>}
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
      {metaOpen && <MetaPanel view={view} onClose={() => setMetaOpen(false)} />}
    </nav>
  );
}
