import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/authStore';
import { GamesList, OwnStats } from '../records';
import { gamePath, PATHS } from '../routing/paths';
import { Brand } from '../ui/Brand';

/** Issue 18: the user's games and statistics (`/games`, reached from the Lobby). */
export function GamesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <div className="page records-page" data-testid="games-page">
      <header className="topbar">
        <Brand compact />
        <nav className="topbar__end" aria-label={t('records.nav')}>
          <Link className="button button--ghost button--small" to={PATHS.lobby} data-testid="games-to-lobby">
            {t('common.to_lobby')}
          </Link>
        </nav>
      </header>
      <main className="records__main">
        <div className="records__grid">
          <GamesList recordPath={gamePath} />
          {user && <OwnStats userId={user.id} />}
        </div>
      </main>
    </div>
  );
}
