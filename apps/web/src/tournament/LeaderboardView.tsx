import type { TournamentAnswer } from '@belfry/protocol';
import { useTranslation } from 'react-i18next';
import { formatPoints } from './matchText';

/** Spec 3 §2 leaderboard: the standings of each group from the counted matches; the top two advance. */
export function LeaderboardView({ answer }: { answer: TournamentAnswer }) {
  const { t, i18n } = useTranslation();
  return (
    <section
      className="tournament__section"
      aria-labelledby="tournament-leaderboard-title"
      data-testid="tournament-leaderboard"
    >
      <h2 id="tournament-leaderboard-title" className="tournament__heading">
        {t('tournament.leaderboard')}
      </h2>
      <p className="muted">{t('tournament.leaderboard_intro')}</p>
      <div className="tournament__groups">
        {answer.standings.map((group) => {
          // Before a group's first count nobody is ahead: no row is marked as advancing.
          const started = group.rows.some((row) => row.matches > 0);
          return (
            <table
              key={group.group}
              className="tournament__standings"
              data-testid={`tournament-standings-${group.group}`}
            >
              <caption>{t('tournament.group_name', { group: group.group })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('tournament.column.rank')}</th>
                  <th scope="col">{t('tournament.column.script')}</th>
                  <th scope="col">{t('tournament.column.matches')}</th>
                  <th scope="col">{t('tournament.column.votes')}</th>
                  <th scope="col">{t('tournament.column.points')}</th>
                </tr>
              </thead>
              <tbody>
                {group.rows.map((row, rank) => (
                  <tr
                    key={row.script}
                    className={started && row.advances ? 'tournament__advances' : undefined}
                    data-testid={`tournament-row-${answer.scripts[row.script]?.id ?? row.script}`}
                    data-points={row.points}
                    data-advances={started && row.advances}
                  >
                    <td>{rank + 1}</td>
                    <th scope="row">
                      {answer.scripts[row.script]?.name}
                      {started && row.advances && (
                        <span className="tournament-chip tournament-chip--advances">{t('tournament.advances')}</span>
                      )}
                    </th>
                    <td>{row.matches}</td>
                    <td>{row.votes}</td>
                    <td className="tournament__points">{formatPoints(i18n.language, row.points)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        })}
      </div>
    </section>
  );
}
