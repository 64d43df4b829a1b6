import type { SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import type { DiscreteClock } from './useVoteClock';
import { voteTarget } from './voteRules';

interface VoteCentreProps {
  view: SessionView;
  clock: DiscreteClock;
  count: number | '?';
}

const seatName = (view: SessionView, index: number, fallback: string): string => {
  const id = view.seats[index]?.id;
  return (id && view.users[id]?.username) || fallback;
};

const formatCount = (count: number | '?'): string =>
  count === '?' ? '?' : Number.isInteger(count) ? String(count) : count.toFixed(1);

/**
 * The middle of the circle during a nomination: who nominated whom, the kind of vote, the count
 * (or 3, 2, 1, go), and the majority needed or the highscore to beat.
 */
export function VoteCentre({ view, clock, count }: VoteCentreProps) {
  const { t } = useTranslation();
  const vote = view.vote;
  const target = voteTarget(view);
  if (!vote.nomination || !target) return null;
  const [nominator, nominee] = vote.nomination;
  const nominatorName = seatName(view, nominator, t('vote.seat_number', { number: nominator + 1 }));
  const nomineeName = seatName(view, nominee, t('vote.seat_number', { number: nominee + 1 }));
  const countingDown = clock.stage === 'countdown' && clock.countdown !== null;

  return (
    <section
      className={`vote-centre vote-centre--${clock.stage}`}
      aria-label={t('vote.overlay_label')}
      data-testid="vote-centre"
      data-stage={clock.stage}
    >
      <p className="vote-centre__kind">
        <span>{t(target.isExile ? 'vote.kind.exile' : 'vote.kind.execution')}</span>
        {vote.nominationType !== 'regular' && (
          <span className="vote-centre__type" data-testid="vote-type-badge">
            {t(`vote.type.${vote.nominationType}`)}
          </span>
        )}
        {vote.isHidden && <span className="vote-centre__secret">{t('vote.secret_badge')}</span>}
      </p>
      <p className="vote-centre__names">
        <span className="vote-centre__nominator">{nominatorName}</span>
        <span className="vote-centre__arrow" aria-hidden="true">
          →
        </span>
        <span className="visually-hidden">{t('vote.nominates')}</span>
        <span className="vote-centre__nominee">{nomineeName}</span>
      </p>

      {countingDown ? (
        <p
          key={clock.countdown}
          className={`vote-centre__countdown ${clock.countdown === 0 ? 'vote-centre__countdown--go' : ''}`}
          data-testid="vote-countdown"
          aria-live="assertive"
        >
          {clock.countdown === 0 ? t('vote.countdown_go') : clock.countdown}
        </p>
      ) : (
        <p className="vote-centre__count" aria-live="polite">
          <span className="visually-hidden">{t('vote.count_label')}</span>
          <span data-testid="vote-count" data-count={count}>
            {formatCount(count)}
          </span>
        </p>
      )}

      <p
        className="vote-centre__target"
        data-testid="vote-majority"
        data-kind={target.kind}
        title={target.kind === 'highscore' ? t('vote.target.highscore_hint', { count: target.toMark }) : undefined}
      >
        {target.kind === 'highscore'
          ? t('vote.target.highscore', { count: target.highscore })
          : t('vote.target.majority', { count: target.majority })}
      </p>
      <p className="vote-centre__stage" data-testid="vote-stage">
        {t(`vote.stage.${clock.stage === 'none' ? 'idle' : clock.stage}`)}
      </p>
    </section>
  );
}
