import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logoutAndLeave } from '../app/account';
import { hasFlag, useCurrentUser } from '../auth/authStore';
import { Brand } from '../components/Brand';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { CreateGameForm } from '../lobby/CreateGameForm';
import { JoinGameForm } from '../lobby/JoinGameForm';
import { SessionTable } from '../lobby/SessionTable';
import { useSessionList } from '../lobby/useSessionList';
import { openPhoneVerification } from '../phone/phoneStore';
import { PATHS } from '../routing/paths';
import { joinSession, leaveSession } from '../session/sessionController';
import { useSessionStore } from '../session/sessionStore';
import '../lobby/Lobby.css';

export function LobbyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const activeCode = useSessionStore((state) => state.code);
  const { sessions, error, refreshing, refresh } = useSessionList();
  const [loggingOut, setLoggingOut] = useState(false);

  const enter = (code: string) => {
    joinSession(code);
    void navigate(PATHS.play);
  };

  const logout = () => {
    setLoggingOut(true);
    void logoutAndLeave().finally(() => setLoggingOut(false));
  };

  const sessionCount = sessions?.length ?? 0;

  return (
    <div className="page lobby">
      <header className="topbar">
        <Brand compact />
        <div className="topbar__end">
          {user && !hasFlag(user, 'verified-phone') && (
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void openPhoneVerification()}
              data-testid="verify-phone"
            >
              {t('lobby.verify_phone')}
            </button>
          )}
          <span className="topbar__user" data-testid="current-user">
            {user?.username}
          </span>
          <button
            type="button"
            className="button button--ghost"
            onClick={logout}
            disabled={loggingOut}
            data-testid="logout"
          >
            {t('lobby.logout')}
          </button>
        </div>
      </header>

      <main className="lobby__main">
        <section className="lobby__welcome">
          <h1 className="lobby__title">{t('lobby.welcome', { name: user?.username ?? '' })}</h1>
          <p className="lobby__subtitle">{t('lobby.subtitle')}</p>
        </section>

        {activeCode && (
          <section className="banner" aria-live="polite" data-testid="active-session">
            <p>{t('lobby.active_session', { code: activeCode })}</p>
            <div className="banner__actions">
              <button type="button" className="button button--primary button--small" onClick={() => enter(activeCode)}>
                {t('lobby.return_to_game')}
              </button>
              <button type="button" className="button button--secondary button--small" onClick={leaveSession}>
                {t('grimoire.menu.leave')}
              </button>
            </div>
          </section>
        )}

        <div className="lobby__grid">
          <section className="card lobby__sessions" aria-labelledby="sessions-title">
            <div className="card__header">
              <div>
                <h2 id="sessions-title" className="card__title">
                  {t('lobby.sessions.title')}
                </h2>
                <p className="card__meta">{t('lobby.sessions.count', { count: sessionCount })}</p>
              </div>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={refresh}
                disabled={refreshing}
                data-testid="refresh-sessions"
              >
                {t('lobby.sessions.refresh')}
              </button>
            </div>
            {error && (
              <p className="form-error" role="alert">
                {t('error.connection')}
              </p>
            )}
            {sessions === null && !error ? (
              <p className="lobby__empty">{t('lobby.sessions.loading')}</p>
            ) : (
              <SessionTable sessions={sessions ?? []} activeCode={activeCode} onJoin={enter} />
            )}
          </section>

          <aside className="lobby__side">
            <section className="card">
              <JoinGameForm onJoin={enter} />
            </section>
            <section className="card">
              <CreateGameForm onCreated={enter} />
            </section>
          </aside>
        </div>
      </main>
      <LoadingOverlay />
    </div>
  );
}
