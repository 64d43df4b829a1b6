import type { MatchAnswer, TournamentAnswer } from '@belfry/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tournamentMatchPath } from '../routing/paths';
import { shownImage, useImageOptIn } from '../ui/imageOptIn';
import { formatPoints, formatRemaining, formatTime, matchGroup, matchTitle } from './matchText';

/** The state of a match's vote in words: upcoming, open (with the time left), or locked. */
export function MatchState({ match, now }: { match: MatchAnswer; now: number }) {
  const { t } = useTranslation();
  const label =
    match.state === 'upcoming'
      ? t('tournament.state.upcoming')
      : match.state === 'active'
        ? t('tournament.state.active', { remaining: formatRemaining(t, match.lockAt - now) })
        : match.results
          ? t('tournament.state.locked')
          : t('tournament.state.counting');
  return (
    <span className={`tournament-chip tournament-chip--${match.state}`} data-testid="tournament-match-state">
      {label}
    </span>
  );
}

/**
 * Spec 3 §2 group and knockout pages: one match with its time, vote state, results (once counted) and
 * channel; its title opens the match page with the vote.
 */
export function MatchCard({ answer, match, now }: { answer: TournamentAnswer; match: MatchAnswer; now: number }) {
  const { t, i18n } = useTranslation();
  const group = matchGroup(answer, match);
  const channel = match.channel === null ? undefined : answer.channels[match.channel];
  const channelLogo = shownImage(channel?.logo ?? undefined, useImageOptIn());
  const titleId = `tournament-match-${match.index}-title`;
  return (
    <li
      className={`tournament-match tournament-match--${match.state}`}
      aria-labelledby={titleId}
      data-testid={`tournament-match-${match.index}`}
      data-state={match.state}
      data-voted={match.voted}
    >
      <div className="tournament-match__head">
        <Link id={titleId} className="tournament-match__title" to={tournamentMatchPath(match.index)}>
          {matchTitle(t, match)}
        </Link>
        {group && <span className="muted">{t('tournament.group_name', { group })}</span>}
        <MatchState match={match} now={now} />
        {match.voted && (
          <span className="tournament-chip tournament-chip--voted" data-testid="tournament-match-voted">
            {t('tournament.voted')}
          </span>
        )}
      </div>
      <div className="tournament-match__sides">
        {match.scripts.map((index, side) => (
          <div key={side} className={`tournament-match__side tournament-match__side--${side}`}>
            <span className="tournament-match__script">{answer.scripts[index]?.name}</span>
            {match.results && (
              <span className="tournament-match__points" data-testid={`tournament-match-points-${side}`}>
                {formatPoints(i18n.language, match.results[side]!)}
              </span>
            )}
          </div>
        ))}
        <span className="tournament-match__vs" aria-hidden="true">
          {t('tournament.versus')}
        </span>
      </div>
      <div className="tournament-match__foot muted">
        <time dateTime={new Date(match.time).toISOString()}>{formatTime(i18n.language, match.time)}</time>
        {channel && (
          <a href={channel.url} target="_blank" rel="noreferrer noopener" data-testid="tournament-match-channel">
            {channelLogo && (
              <img className="tournament-match__channel-logo" src={channelLogo} alt="" referrerPolicy="no-referrer" />
            )}
            {t('tournament.channel', { name: channel.name })}
          </a>
        )}
      </div>
    </li>
  );
}
