import type { RecordList, Stats } from '@belfry/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Glyph } from './Glyph';
import { getOwnStats, listRecords } from './api';
import './records.css';

/** The user's games, newest first, 20 a page, each opening its record. */
export function GamesList({ recordPath }: { recordPath: (id: string) => string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [list, setList] = useState<RecordList | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    listRecords(page).then(
      (answer) => live && setList(answer),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [page, attempt]);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className="card records__list" aria-labelledby="records-list-title" data-testid="records-list">
      <div className="card__header">
        <h2 id="records-list-title" className="card__title">
          {t('records.list.title')}
        </h2>
        {list && (page > 0 || list.hasMore) && (
          <nav className="records__pager" aria-label={t('records.list.pages')}>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={page === 0}
              onClick={() => setPage((p) => Math.max(0, p - 1))}
              data-testid="records-page-prev"
            >
              {t('records.list.newer')}
            </button>
            <span className="muted" data-testid="records-page-info">
              {t('records.list.page', { page: page + 1 })}
            </span>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={!list.hasMore}
              onClick={() => setPage((p) => p + 1)}
              data-testid="records-page-next"
            >
              {t('records.list.older')}
            </button>
          </nav>
        )}
      </div>
      {failed ? (
        <div role="alert" className="records__state">
          <p className="form-error">{t('records.error.list')}</p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            {t('records.retry')}
          </button>
        </div>
      ) : list === null ? (
        <p className="records__state" role="status">
          {t('records.loading')}
        </p>
      ) : list.rows.length === 0 ? (
        <p className="records__state muted" data-testid="records-empty">
          {t('records.list.empty')}
        </p>
      ) : (
        <ul className="records__rows">
          {list.rows.map((row) => (
            <li key={row.id}>
              <Link className="records__row" to={recordPath(row.id)} data-testid={`records-row-${row.id}`}>
                <span className={`record-seat__token record-seat__token--${row.result}`} aria-hidden="true">
                  <Glyph name={row.result} />
                </span>
                <span className="records__row-main">
                  <span className="records__row-title">{row.script.name || t('records.script_unnamed')}</span>
                  <span className="muted">
                    {date.format(row.endedAt)} · {t('records.players', { count: row.players })}
                  </span>
                </span>
                <span className="records__row-part">
                  <span className="records__row-role">
                    {row.part === 'player' ? (row.role?.name ?? t('records.no_role')) : t(`records.part.${row.part}`)}
                  </span>
                  {row.won !== null ? (
                    <span className={`record-badge record-badge--${row.won ? 'won' : 'lost'}`}>
                      {t(row.won ? 'records.won' : 'records.lost')}
                    </span>
                  ) : (
                    <span className={`record-badge record-badge--${row.result === 'evil' ? 'evil' : 'good'}`}>
                      {t(row.result === 'evil' ? 'records.list.evil_won' : 'records.list.good_won')}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Statistics name characters and scripts by id: 'fortune_teller' reads "Fortune teller", 'tb' "TB". */
const readableId = (id: string): string => {
  if (id.length <= 3) return id.toUpperCase();
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The user's own statistics (spec 2 §3), as their profile shows them. */
export function OwnStats({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [stats, setStats] = useState<Stats | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    getOwnStats(userId).then(
      (answer) => live && setStats(answer.stats),
      () => live && setStats(null),
    );
    return () => {
      live = false;
    };
  }, [userId]);
  const cells: [string, keyof Stats][] = [
    ['records.stats.games', 'games'],
    ['records.stats.storyteller', 'storyteller'],
    ['records.stats.player', 'player'],
    ['records.stats.player_wins', 'playerWins'],
    ['records.stats.st_evil_wins', 'stEvilWins'],
  ];
  return (
    <section className="card records__stats" aria-labelledby="records-stats-title" data-testid="records-stats">
      <h2 id="records-stats-title" className="card__title">
        {t('records.stats.title')}
      </h2>
      {stats === undefined ? (
        <p role="status">{t('records.loading')}</p>
      ) : stats === null ? (
        <p className="muted">{t('records.error.stats')}</p>
      ) : (
        <>
          <dl className="records__numbers">
            {cells.map(([key, field]) => (
              <div
                key={field}
                className="records__number"
                data-testid={`records-stat-${field}`}
                data-value={String(stats[field])}
              >
                <dt>{t(key)}</dt>
                <dd>{String(stats[field])}</dd>
              </div>
            ))}
          </dl>
          {stats.roles.length > 0 && (
            <p className="records__often">
              <span className="muted">{t('records.stats.roles')}</span>{' '}
              <span data-testid="records-stat-roles">
                {stats.roles
                  .slice(0, 5)
                  .map((r) => `${readableId(r.id)} ×${r.count}`)
                  .join(', ')}
              </span>
            </p>
          )}
          {stats.editions.length > 0 && (
            <p className="records__often">
              <span className="muted">{t('records.stats.editions')}</span>{' '}
              <span>
                {stats.editions
                  .slice(0, 5)
                  .map((e) => `${readableId(e.id)} ×${e.count}`)
                  .join(', ')}
              </span>
            </p>
          )}
        </>
      )}
    </section>
  );
}
