import { LOCAL_GAME_ID, type SessionView } from '@belfry/engine';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmDialog } from '../ui/dialogs';
import { resetGameUi } from '../session/gameUiStore';
import { AddSeatButton } from '../table';
import { PATHS } from '../routing/paths';
import { resetLocalGame } from '../session/sessionController';
import { serverNow } from '../time/serverClock';
import { writeStoredHistory } from '../vote';
import './Local.css';

/** Whether the browser believes it has a network (it may be wrong one way: online yet unreachable). */
const useOnline = (): boolean => {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
};

/** In the top bar where a session shows its code: this game is local. */
export function LocalBadge() {
  const { t } = useTranslation();
  return (
    <span className="local-badge" title={t('local.badge_hint')} data-testid="local-badge">
      {t('local.badge')}
    </span>
  );
}

/**
 * The side panel of a local game (spec 1 §1), in place of the session menu and the people list: what
 * a local game is, add a seat, a fresh grimoire, and the way back to the Lobby.
 */
export function LocalPanel({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();

  const startFresh = async () => {
    if (!(await confirmDialog('local.fresh.title', 'local.fresh.text', 'local.fresh.confirm'))) return;
    resetGameUi();
    resetLocalGame();
    // The vote history kept for three hours belongs to the grimoire that is gone.
    writeStoredHistory(localStorage, LOCAL_GAME_ID, [], serverNow());
  };

  return (
    <section className="card local-panel" aria-labelledby="local-title" data-testid="local-panel">
      <h2 id="local-title" className="card__title">
        {t('local.panel.title')}
      </h2>
      <p className="card__meta">{t('local.panel.role')}</p>
      <p className="local-panel__text">{t('local.panel.text')}</p>
      <p
        className={`local-panel__status ${online ? '' : 'local-panel__status--offline'}`}
        role="status"
        data-testid="local-network"
        data-state={online ? 'online' : 'offline'}
      >
        <span className="status-dot" aria-hidden="true" />
        {t(online ? 'local.panel.saved' : 'local.panel.offline')}
      </p>
      <p className="card__meta" data-testid="local-seat-count">
        {t('local.panel.seats', { count: view.seats.length })}
      </p>
      <div className="menu__buttons">
        <AddSeatButton view={view} />
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void startFresh()}
          data-testid="local-fresh"
        >
          {t('local.panel.fresh')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void navigate(PATHS.lobby)}
          data-testid="local-leave"
        >
          {t('local.panel.leave')}
        </button>
      </div>
    </section>
  );
}
