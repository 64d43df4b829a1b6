import type { TournamentPage } from '@belfry/protocol';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useCurrentUser } from '../auth/authStore';
import { PATHS } from '../routing/paths';
import { loginPathFor } from '../routing/returnPath';
import { Brand } from '../ui/Brand';
import { GroupView } from './GroupView';
import { KnockoutView } from './KnockoutView';
import { LeaderboardView } from './LeaderboardView';
import { MatchView } from './MatchView';
import { matchByIndex, nextChangeIn, pagePath, parseMatchParam } from './tournamentRules';
import { loadTournament, useTournamentStore } from './tournamentStore';
import { useServerNow } from './useServerNow';
import './Tournament.css';

/** Which tournament screen a route shows; 'home' is whatever `/worldcup` is now (spec 3 §2 path swap). */
export type TournamentView = 'home' | TournamentPage | 'leaderboard' | 'match';

/**
 * The script tournament's pages (spec 3 §2, issue 21), public: the header with the three pages, the
 * page itself, loading and failure states. The answer is read once and reused for 30 s between pages,
 * and read again a moment after any match starts or locks while a page is open.
 */
export function TournamentScreen({ view, matchParam }: { view: TournamentView; matchParam?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const user = useCurrentUser();
  const readAs = user?.id ?? '';
  const { answer, status } = useTournamentStore();
  const now = useServerNow(answer !== null);

  useEffect(() => {
    void loadTournament(readAs);
  }, [readAs, view, matchParam]);

  useEffect(() => {
    if (!answer) return;
    const wait = nextChangeIn(answer, Date.now() + useTournamentStore.getState().offsetMs);
    if (wait === null) return;
    const timer = setTimeout(() => void loadTournament(readAs, true), wait);
    return () => clearTimeout(timer);
  }, [answer, readAs]);

  const page = answer?.page ?? 'group';
  const shown: TournamentView = view === 'home' ? page : view;
  const tab = (target: 'group' | 'knockout' | 'leaderboard', label: string) => (
    <NavLink
      className={() => `tournament__tab ${shown === target ? 'tournament__tab--current' : ''}`}
      to={target === 'leaderboard' ? PATHS.tournamentLeaderboard : pagePath(target, page)}
      aria-current={shown === target ? 'page' : undefined}
      end
      data-testid={`tournament-tab-${target}`}
    >
      {label}
    </NavLink>
  );

  const content = () => {
    if (!answer) {
      if (status === 'missing')
        return (
          <p className="tournament__state muted" data-testid="tournament-missing">
            {t('tournament.missing')}
          </p>
        );
      if (status === 'failed')
        return (
          <div className="tournament__state" role="alert" data-testid="tournament-failed">
            <p className="form-error">{t('tournament.failed')}</p>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void loadTournament(readAs, true)}
            >
              {t('tournament.retry')}
            </button>
          </div>
        );
      return (
        <p className="tournament__state muted" role="status" data-testid="tournament-loading">
          {t('tournament.loading')}
        </p>
      );
    }
    if (shown === 'match') {
      const index = parseMatchParam(matchParam);
      const match = index === null ? undefined : matchByIndex(answer, index);
      if (!match)
        return (
          <p className="tournament__state" data-testid="tournament-no-match">
            {t('tournament.no_such_match')}
          </p>
        );
      return <MatchView answer={answer} match={match} now={now} />;
    }
    if (shown === 'leaderboard') return <LeaderboardView answer={answer} />;
    if (shown === 'knockout') return <KnockoutView answer={answer} now={now} />;
    return <GroupView answer={answer} now={now} />;
  };

  return (
    <div className="page tournament" data-testid="tournament" data-view={shown}>
      <header className="topbar">
        <Brand compact />
        <nav className="tournament__tabs" aria-label={t('tournament.nav')}>
          {tab('group', t('tournament.group_stage'))}
          {tab('knockout', t('tournament.knockout'))}
          {tab('leaderboard', t('tournament.leaderboard'))}
        </nav>
        <nav className="topbar__end" aria-label={t('tournament.account_nav')}>
          {user ? (
            <Link className="button button--ghost button--small" to={PATHS.lobby} data-testid="tournament-to-lobby">
              {t('common.to_lobby')}
            </Link>
          ) : (
            <Link
              className="button button--secondary button--small"
              to={loginPathFor(location.pathname + location.search)}
              data-testid="tournament-login"
            >
              {t('tournament.log_in')}
            </Link>
          )}
        </nav>
      </header>
      <main className="tournament__main">
        {answer && (
          <p className="tournament__name" data-testid="tournament-name">
            {answer.name}
          </p>
        )}
        {content()}
      </main>
    </div>
  );
}
