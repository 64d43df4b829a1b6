import type { SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { serverNow } from '../time/serverClock';
import type { DiscreteClock } from './useVoteClock';
import { refusalKey } from './refusals';
import { castVote } from './voteActions';
import { ownVote } from './voteRules';
import { useVoteStore } from './voteStore';
import { HandDownIcon, HandIcon, LockIcon } from '../ui/icons/InlineIcons';

interface PlayerDockProps {
  view: SessionView;
  clock: DiscreteClock;
  /** The hands as shown (the optimistic value while the server has not answered). */
  value: number;
}

/**
 * A seated player's own vote (spec 1 §2): hand up, hand down, and for a dead Banshee a second hand.
 * The buttons stop once the hand has passed the seat; Space toggles the hand (VoteOverlay).
 */
export function PlayerDock({ view, clock, value }: PlayerDockProps) {
  const { t } = useTranslation();
  const refusal = useVoteStore((state) => state.refusal);
  const sending = useVoteStore((state) => state.own?.status === 'sent');
  // `clock` re-renders this when a seat locks; the lock is judged from the server clock now.
  const own = ownVote(view, clock.stage === 'none' ? 0 : serverNow(), value);
  if (!own) return null;
  const blocked = !own.control.enabled;
  const reason = own.control.reason ? t(own.control.reason) : undefined;

  const hand = (target: number, testId: string, label: string, icon: 'up' | 'down', extra = '') => {
    const pressed = target === 0 ? own.value === 0 : own.value >= target;
    return (
      <button
        type="button"
        className={`vote-hand-button vote-hand-button--${icon} ${pressed ? 'vote-hand-button--on' : ''} ${extra}`}
        aria-pressed={pressed}
        aria-disabled={blocked || undefined}
        title={reason}
        onClick={() => {
          if (!blocked && own.value !== target) void castVote(view, target);
        }}
        data-testid={testId}
      >
        {icon === 'up' ? <HandIcon /> : <HandDownIcon />}
        <span>{label}</span>
      </button>
    );
  };

  return (
    <div className="vote-player" data-testid="vote-player" data-value={own.value} data-locked={own.locked}>
      <p className="vote-player__state" aria-live="polite">
        {own.locked && <LockIcon className="vote-player__lock" />}
        {t(
          own.locked
            ? own.value > 0
              ? 'vote.own.locked_up'
              : 'vote.own.locked_down'
            : own.value > 0
              ? 'vote.own.up'
              : 'vote.own.down',
        )}
      </p>
      <div className="vote-player__buttons" role="group" aria-label={t('vote.own.group')}>
        {hand(1, 'vote-up', t('vote.hand_up'), 'up')}
        {hand(0, 'vote-down', t('vote.hand_down'), 'down')}
        {own.maxHands > 1 && hand(2, 'vote-second-hand', t('vote.second_hand'), 'up', 'vote-hand-button--second')}
      </div>
      {!own.hasVote && (
        <p className="vote-player__note" data-testid="vote-no-token">
          {t('vote.own.no_token')}
        </p>
      )}
      {refusal ? (
        <p
          key={refusal.serial}
          className="vote-player__refused"
          role="alert"
          data-testid="vote-refused"
          data-code={refusal.code}
        >
          {t(refusalKey(refusal.code))}
        </p>
      ) : (
        <p className="vote-player__hint">{sending ? t('vote.own.sending') : t('vote.own.keyboard')}</p>
      )}
    </div>
  );
}
