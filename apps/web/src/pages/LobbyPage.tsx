import { isModeratorLevel, type Level } from '@belfry/engine';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchMe } from '../auth/authService';
import { hasFlag, useCurrentUser, useMe } from '../auth/authStore';
import { Brand } from '../ui/Brand';
import { openSettings, SettingsEffects, SettingsHost } from '../settings';
import { LoadingOverlay } from '../ui/LoadingOverlay';
import {
  CreateGameForm,
  HelpModal,
  JoinGameForm,
  lobbyStats,
  SessionTable,
  SubscriptionNotice,
  useSessionList,
  visibleSessions,
} from '../lobby';
import { levelKey, OwnProfileButton } from '../people';
import { openPhoneVerification } from '../account';
import { ModerationHost, openModeration } from '../moderation';
import { PATHS } from '../routing/paths';
import { useSessionStore } from '../session/sessionStore';
import '../lobby';

const SHOW_PRIVATE_KEY = 'belfry.lobby.showPrivate';

const readShowPrivate = (): boolean => {
  try {
    return localStorage.getItem(SHOW_PRIVATE_KEY) === '1';
  } catch {
    return false;
  }
};

export function LobbyPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const me = useMe();
  const activeCode = useSessionStore((state) => state.code);
  const { sessions, error, refreshing, refresh } = useSessionList();
  const [loggingOut, setLoggingOut] = useState(false);
  const [showPrivate, setShowPrivate] = useState(readShowPrivate);
  const [helpOpen, setHelpOpen] = useState(false);
  const createRef = useRef<HTMLInputElement>(null);
  const joinRef = useRef<HTMLInputElement>(null);
  const createCardRef = useRef<HTMLElement>(null);

  // The level may have changed since the app started (staff grant subscriptions): ask again.
  useEffect(() => {
    void fetchMe().catch(() => undefined);
  }, []);

  // The session layer (socket, schemas, catalogue) is loaded when a game is joined or left, not with the list.
  const enter = (code: string) => {
    void import('../session/sessionController').then(({ joinSession }) => {
      joinSession(code);
      void navigate(PATHS.play);
    });
  };

  const leave = () => void import('../session/sessionController').then(({ leaveSession }) => leaveSession());

  const logout = () => {
    setLoggingOut(true);
    void import('../session/logout').then(({ logoutAndLeave }) => logoutAndLeave()).finally(() => setLoggingOut(false));
  };

  const togglePrivate = (show: boolean) => {
    setShowPrivate(show);
    try {
      localStorage.setItem(SHOW_PRIVATE_KEY, show ? '1' : '0');
    } catch {
      // Private browsing: the choice lasts for this page only.
    }
  };

  const focusField = (field: HTMLInputElement | null) => {
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.focus({ preventScroll: true });
    field.select();
  };

  const listed = visibleSessions(sessions ?? [], showPrivate);
  const stats = lobbyStats(sessions ?? [], showPrivate);
  const level = me?.level ?? user?.level ?? 'none';
  const subscribed = me ? me.isSubscribed : true;
  const isModerator = isModeratorLevel(level as Level);

  /** Without a subscription the create card explains why: bring it into view and onto its link. */
  const showSubscriptionNotice = () => {
    createCardRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    createCardRef.current?.querySelector<HTMLElement>('a, button')?.focus({ preventScroll: true });
  };
  const forcedPrivate = hasFlag(user, 'forced-private');

  return (
    <div className="page lobby">
      <header className="topbar">
        <Brand compact />
        <div className="topbar__end">
          <OwnProfileButton />
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
          <div className="lobby__welcome-text">
            <h1 className="lobby__title">{t('lobby.welcome', { name: user?.username ?? '' })}</h1>
            <p className="lobby__subtitle" data-testid="lobby-level">
              <SubscriptionLine
                level={level}
                expires={me?.expires ?? null}
                subscribed={me?.isSubscribed ?? null}
                language={i18n.language}
              />
            </p>
            <p className="lobby__stats" data-testid="lobby-stats">
              <span className="lobby__stat">
                <span className="status-dot status-dot--online" aria-hidden="true" />
                {t('lobby.stats.online', { count: stats.online })}
              </span>
              <span className="lobby__stat">{t('lobby.stats.sessions', { count: stats.sessions })}</span>
              {!showPrivate && <span className="lobby__stat muted">{t('lobby.stats.public_only')}</span>}
            </p>
          </div>
          <nav className="lobby__toolbar" aria-label={t('lobby.toolbar')}>
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => {
                if (createRef.current) focusField(createRef.current);
                else {
                  // Without a subscription the card explains why: bring it into view and onto its link.
                  createCardRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
                  createCardRef.current?.querySelector<HTMLElement>('a, button')?.focus({ preventScroll: true });
                }
              }}
              data-testid="lobby-create"
            >
              {t('lobby.buttons.create')}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => focusField(joinRef.current)}
              data-testid="lobby-join"
            >
              {t('lobby.buttons.join')}
            </button>
            {/* Spec 2 §5: local play needs a subscription, like creating; others are shown the notice. */}
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => (subscribed ? void navigate(PATHS.local) : showSubscriptionNotice())}
              title={subscribed ? t('local.lobby.hint') : t('local.lobby.needs_subscription')}
              data-testid="lobby-local"
            >
              {t('lobby.buttons.local')}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void navigate(PATHS.games)}
              data-testid="lobby-games"
            >
              {t('records.lobby_button')}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void navigate(PATHS.tournament)}
              data-testid="lobby-tournament"
            >
              {t('tournament.lobby_button')}
            </button>
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
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => openSettings()}
              data-testid="lobby-settings"
            >
              {t('lobby.buttons.settings')}
            </button>
            {isModerator && (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => openModeration()}
                data-testid="lobby-moderation"
              >
                {t('lobby.buttons.moderation')}
              </button>
            )}
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setHelpOpen(true)}
              data-testid="lobby-help"
            >
              {t('lobby.buttons.help')}
            </button>
          </nav>
        </section>

        {forcedPrivate && (
          <section className="banner banner--warn" role="note" data-testid="forced-private-notice">
            <p>{t('lobby.forced_private')}</p>
          </section>
        )}

        {activeCode && (
          <section className="banner" aria-live="polite" data-testid="active-session">
            <p>{t('lobby.active_session', { code: activeCode })}</p>
            <div className="banner__actions">
              <button type="button" className="button button--primary button--small" onClick={() => enter(activeCode)}>
                {t('lobby.return_to_game')}
              </button>
              <button type="button" className="button button--secondary button--small" onClick={leave}>
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
                <p className="card__meta">{t('lobby.sessions.count', { count: listed.length })}</p>
              </div>
              <div className="card__header-actions">
                <label className="checkbox checkbox--inline">
                  <input
                    type="checkbox"
                    checked={showPrivate}
                    onChange={(event) => togglePrivate(event.target.checked)}
                    data-testid="show-private"
                  />
                  <span>{t('lobby.sessions.show_private')}</span>
                </label>
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
            </div>
            {error && (
              <p className="form-error" role="alert">
                {t('error.connection')}
              </p>
            )}
            {sessions === null && !error ? (
              <p className="lobby__empty">{t('lobby.sessions.loading')}</p>
            ) : (
              <SessionTable
                sessions={listed}
                activeCode={activeCode}
                onJoin={enter}
                joiner={{
                  id: user?.id ?? '',
                  subscribed: me ? me.isSubscribed : null,
                  isModerator,
                  flags: user?.flags ?? [],
                }}
              />
            )}
          </section>

          <aside className="lobby__side">
            <section className="card">
              <JoinGameForm onJoin={enter} codeRef={joinRef} />
            </section>
            <section className="card" ref={createCardRef}>
              {subscribed ? <CreateGameForm onCreated={enter} nameRef={createRef} /> : <SubscriptionNotice />}
            </section>
          </aside>
        </div>
      </main>
      {helpOpen && <HelpModal onClose={() => setHelpOpen(false)} />}
      {isModerator && <ModerationHost />}
      <SettingsHost />
      <SettingsEffects />
      <LoadingOverlay />
    </div>
  );
}

/** "Townsfolk supporter · until 3 May 2026", or that there is no subscription. */
function SubscriptionLine({
  level,
  expires,
  subscribed,
  language,
}: {
  level: string;
  expires: number | null;
  subscribed: boolean | null;
  language: string;
}) {
  const { t } = useTranslation();
  const key = levelKey(level);
  const name = key ? t(key) : level;
  if (subscribed === false && (level === 'none' || level === 'free' || expires === null)) {
    return <>{t('lobby.level.none')}</>;
  }
  const date = expires ? new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(expires)) : null;
  if (subscribed === false && date) return <>{t('lobby.level.expired', { level: name, date })}</>;
  return <>{date ? t('lobby.level.until', { level: name, date }) : t('lobby.level.active', { level: name })}</>;
}
