import type { ModeratorUserAnswer } from '@belfry/protocol';
import { useTranslation } from 'react-i18next';

/** The read-only half of the edit view: statistics, ban history and login sessions (spec 2 §3). */
export function UserRecord({ answer, now }: { answer: ModeratorUserAnswer; now: number }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const { stats } = answer;
  return (
    <div className="moderation__record">
      <section aria-labelledby="moderation-stats">
        <h3 id="moderation-stats" className="moderation__heading">
          {t('moderation.user.stats')}
        </h3>
        <dl className="moderation__stats" data-testid="moderation-stats">
          <dt>{t('moderation.user.games')}</dt>
          <dd>{stats.games}</dd>
          <dt>{t('moderation.user.as_storyteller')}</dt>
          <dd>{stats.storyteller}</dd>
          <dt>{t('moderation.user.as_player')}</dt>
          <dd>{stats.player}</dd>
          <dt>{t('moderation.user.player_wins')}</dt>
          <dd>{stats.playerWins}</dd>
          <dt>{t('moderation.user.evil_wins')}</dt>
          <dd>{stats.stEvilWins}</dd>
        </dl>
      </section>

      <section aria-labelledby="moderation-bans">
        <h3 id="moderation-bans" className="moderation__heading">
          {t('moderation.user.bans')}
        </h3>
        {answer.bans.length === 0 ? (
          <p className="muted">{t('moderation.user.no_bans')}</p>
        ) : (
          <ul className="moderation__bans" data-testid="moderation-bans">
            {answer.bans.map((ban) => {
              const running = ban.expires === null || ban.expires > now;
              return (
                <li key={ban.id}>
                  <span className="moderation__ban-reason">{ban.reason}</span>{' '}
                  <span className="muted">
                    {when.format(new Date(ban.createdAt))} ·{' '}
                    {ban.expires === null
                      ? t('moderation.ban.permanent')
                      : t('moderation.ban.until', { date: when.format(new Date(ban.expires)) })}{' '}
                    · {t(running ? 'moderation.user.ban_running' : 'moderation.user.ban_over')}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section aria-labelledby="moderation-logins">
        <h3 id="moderation-logins" className="moderation__heading">
          {t('moderation.user.logins')}
        </h3>
        {answer.tokens.length === 0 ? (
          <p className="muted">{t('moderation.user.no_logins')}</p>
        ) : (
          <div className="table-scroll">
            <table className="moderation__table moderation__table--logins" data-testid="moderation-logins">
              <thead>
                <tr>
                  <th scope="col">{t('moderation.user.col_created')}</th>
                  <th scope="col">{t('moderation.user.col_updated')}</th>
                  <th scope="col">{t('moderation.user.col_version')}</th>
                  <th scope="col">{t('moderation.user.col_ip')}</th>
                  <th scope="col">{t('moderation.user.col_agent')}</th>
                </tr>
              </thead>
              <tbody>
                {answer.tokens.map((login) => (
                  <tr key={`${login.createdAt}-${login.ip}-${login.agent}`} className={login.ended ? 'muted' : ''}>
                    <td>{when.format(new Date(login.createdAt))}</td>
                    <td>
                      {when.format(new Date(login.updatedAt))}
                      {login.ended && <> · {t('moderation.user.ended')}</>}
                    </td>
                    <td>{login.version || '–'}</td>
                    <td>{login.ip || '–'}</td>
                    <td className="moderation__agent" title={login.agent}>
                      {login.agent || '–'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
