import type { MatchAnswer, TournamentAnswer } from '@belfry/protocol';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MatchState } from './MatchCard';
import { formatRemaining, formatTime, matchGroup, matchTitle } from './matchText';
import { ScriptColumn, type SideResult } from './ScriptColumn';
import { pagePath, voteShares } from './tournamentRules';
import { useVote } from './voteFlow';

const sideResult = (match: MatchAnswer, side: 0 | 1): SideResult | null => {
  if (!match.results) return null;
  const shares = voteShares(match.tally);
  return { points: match.results[side], votes: match.tally?.[side] ?? 0, share: shares ? shares[side] : null };
};

/** What the vote of this match is doing, in a sentence with its time. */
function VoteWhen({ match, now }: { match: MatchAnswer; now: number }) {
  const { t, i18n } = useTranslation();
  const text =
    match.state === 'upcoming'
      ? t('tournament.when.upcoming', { time: formatTime(i18n.language, match.time) })
      : match.state === 'active'
        ? t('tournament.when.active', {
            remaining: formatRemaining(t, match.lockAt - now),
            time: formatTime(i18n.language, match.lockAt),
          })
        : t('tournament.when.locked', { time: formatTime(i18n.language, match.lockAt) });
  return (
    <p className="tournament-match-page__when" data-testid="tournament-vote-when">
      {text}
    </p>
  );
}

/**
 * Spec 3 §2 match page (`/worldcup/{match}`): both scripts side by side with their characters, and the
 * vote. Back leads to the group page, or for an index above 23 to the knockout page (spec 3 §4).
 */
export function MatchView({ answer, match, now }: { answer: TournamentAnswer; match: MatchAnswer; now: number }) {
  const { t } = useTranslation();
  const chosen = answer.votes[String(match.index)] ?? null;
  const { choose, busy, errorKey } = useVote(match, chosen);
  const group = matchGroup(answer, match);
  const channel = match.channel === null ? undefined : answer.channels[match.channel];
  const scripts = match.scripts.map((index) => answer.scripts[index]);
  return (
    <section className="tournament-match-page" data-testid="tournament-match-page" data-state={match.state}>
      <Link
        className="button button--ghost button--small"
        to={pagePath(match.back, answer.page)}
        data-testid="tournament-back"
      >
        {t(match.back === 'group' ? 'tournament.back_group' : 'tournament.back_knockout')}
      </Link>
      <div className="tournament-match-page__head">
        <h2 className="tournament__heading">
          {matchTitle(t, match)}
          {group && <span className="muted"> · {t('tournament.group_name', { group })}</span>}
        </h2>
        <MatchState match={match} now={now} />
        {chosen !== null && (
          <span className="tournament-chip tournament-chip--voted" data-testid="tournament-match-voted">
            {t('tournament.voted')}
          </span>
        )}
      </div>
      <VoteWhen match={match} now={now} />
      {(channel || match.link) && (
        <p className="tournament-match-page__links">
          {channel && (
            <a href={channel.url} target="_blank" rel="noreferrer noopener">
              {t('tournament.channel', { name: channel.name })}
            </a>
          )}
          {match.link && (
            <a href={match.link} target="_blank" rel="noreferrer noopener">
              {t('tournament.links.match')}
            </a>
          )}
        </p>
      )}
      <p className="muted">{t(chosen === null ? 'tournament.vote.hint' : 'tournament.vote.hint_chosen')}</p>
      <div className="tournament-match-page__message" role="alert" data-testid="tournament-vote-error">
        {errorKey && <p className="form-error">{t(errorKey)}</p>}
      </div>
      <div className="tournament-match-page__sides">
        {scripts.map(
          (script, side) =>
            script && (
              <ScriptColumn
                key={script.id}
                script={script}
                side={side as 0 | 1}
                chosen={chosen === script.index}
                busy={busy}
                onChoose={() => void choose(script.index)}
                result={sideResult(match, side as 0 | 1)}
              />
            ),
        )}
      </div>
    </section>
  );
}
