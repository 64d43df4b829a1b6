import type { TournamentAnswer } from '@belfry/protocol';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MatchCard } from './MatchCard';
import { currentPage, matchesOnPage, pageCount, pageFromQuery } from './tournamentRules';

/** Spec 3 §2 group page: the group matches, six a page, opening on the page still being played. */
export function GroupView({ answer, now }: { answer: TournamentAnswer; now: number }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const matches = [...answer.matches].sort((a, b) => a.index - b.index);
  const count = pageCount(matches);
  const page = pageFromQuery(params.get('page'), count) ?? currentPage(matches);
  const go = (next: number) => setParams({ page: String(next + 1) });
  return (
    <section className="tournament__section" aria-labelledby="tournament-group-title" data-testid="tournament-group">
      <div className="tournament__section-head">
        <h2 id="tournament-group-title" className="tournament__heading">
          {t('tournament.group_stage')}
        </h2>
        {count > 1 && (
          <nav className="tournament__pager" aria-label={t('tournament.pages')}>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={page === 0}
              onClick={() => go(page - 1)}
              data-testid="tournament-page-prev"
            >
              {t('tournament.page_prev')}
            </button>
            <span className="muted" aria-live="polite" data-testid="tournament-page-info">
              {t('tournament.page_of', { page: page + 1, total: count })}
            </span>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={page >= count - 1}
              onClick={() => go(page + 1)}
              data-testid="tournament-page-next"
            >
              {t('tournament.page_next')}
            </button>
          </nav>
        )}
      </div>
      {matches.length === 0 ? (
        <p className="tournament__empty muted">{t('tournament.no_matches')}</p>
      ) : (
        <ol className="tournament__matches">
          {matchesOnPage(matches, page).map((match) => (
            <MatchCard key={match.index} answer={answer} match={match} now={now} />
          ))}
        </ol>
      )}
    </section>
  );
}
