import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RecordScreen } from '../records';
import { PATHS } from '../routing/paths';
import { Brand } from '../ui/Brand';

/** Issue 18: one finished game's record (`/games/:id`). */
export function RecordPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <div className="page records-page" data-testid="record-page">
      <header className="topbar">
        <Brand compact />
        <nav className="topbar__end" aria-label={t('records.nav')}>
          <Link className="button button--ghost button--small" to={PATHS.games} data-testid="record-to-games">
            {t('records.list.title')}
          </Link>
          <Link className="button button--ghost button--small" to={PATHS.lobby}>
            {t('common.to_lobby')}
          </Link>
        </nav>
      </header>
      <main className="records__main">
        <RecordScreen key={id} id={id} />
      </main>
    </div>
  );
}
