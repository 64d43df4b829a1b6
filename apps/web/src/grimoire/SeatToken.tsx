import type { SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../dialogs/dialogs';
import { sendAction } from '../session/sessionController';
import { useIsPending } from '../session/sessionStore';
import { canClaimSeat, canVacate, isViewerStoryteller } from './sessionRules';

/** The first character as the reader sees it (an emoji or accented letter stays whole). */
const initialOf = (name: string): string => (Array.from(name.trim())[0] ?? '?').toUpperCase();

interface SeatTokenProps {
  view: SessionView;
  index: number;
  /** Centre, in percent of the circle. */
  x: number;
  y: number;
}

export function SeatToken({ view, index, x, y }: SeatTokenProps) {
  const { t } = useTranslation();
  const claimPending = useIsPending('claim');
  const vacatePending = useIsPending('vacate');
  const removePending = useIsPending(`remove-seat-${index}`);
  const seat = view.seats[index];
  if (!seat) return null;

  const number = index + 1;
  const user = seat.id ? view.users[seat.id] : undefined;
  const occupied = seat.id !== '';
  const online = user?.isOnline ?? false;
  const mine = occupied && seat.id === view.viewer.id;
  const claimable = canClaimSeat(view, index);
  const name = user?.username ?? (occupied ? t('grimoire.seat.unknown_user') : t('grimoire.seat.empty'));

  const claim = () => void sendAction('claiming', 'claim', 'claimSeat', { index });

  const vacate = async () => {
    // Spec 1 §4: vacating while the game runs asks first.
    if (
      view.game.isRunning &&
      !(await confirmDialog('grimoire.vacate_confirm.title', 'grimoire.vacate_confirm.text', 'grimoire.seat.vacate'))
    ) {
      return;
    }
    await sendAction('vacating', 'vacate', 'claimSeat', { index: -1 });
  };

  const remove = async () => {
    if (
      occupied &&
      !(await confirmDialog('grimoire.remove_confirm.title', 'grimoire.remove_confirm.text', 'grimoire.seat.remove'))
    ) {
      return;
    }
    await sendAction('remove', `remove-seat-${index}`, 'updateSeats', {
      op: 'remove',
      index,
      count: view.seats.length,
    });
  };

  const classes = [
    'seat',
    occupied ? 'seat--occupied' : 'seat--empty',
    mine ? 'seat--mine' : '',
    occupied && !online ? 'seat--offline' : '',
    claimable ? 'seat--claimable' : '',
  ].join(' ');

  const tokenLabel = claimable
    ? t('grimoire.seat.claim_label', { number })
    : occupied
      ? t('grimoire.seat.occupied_label', { number, name })
      : t('grimoire.seat.empty_label', { number });

  return (
    <li
      className={classes}
      style={{ left: `${x}%`, top: `${y}%` }}
      data-testid={`seat-${index}`}
      data-occupant={seat.id || 'empty'}
      data-online={String(occupied && online)}
      data-mine={mine ? 'true' : undefined}
    >
      <button
        type="button"
        className="seat__token"
        onClick={claim}
        disabled={!claimable || claimPending}
        aria-label={tokenLabel}
        title={claimable ? t('grimoire.seat.claim') : undefined}
      >
        <span className="seat__number" aria-hidden="true">
          {number}
        </span>
        <span className="seat__initial" aria-hidden="true">
          {occupied ? initialOf(name) : claimable ? '+' : ''}
        </span>
      </button>
      <span className="seat__plate">
        <span className="seat__name">{name}</span>
        {mine && <span className="seat__tag seat__tag--you">{t('grimoire.seat.you')}</span>}
        {occupied && !online && (
          <span className="seat__tag seat__tag--offline" data-testid={`seat-${index}-offline`}>
            {t('grimoire.seat.offline')}
          </span>
        )}
      </span>
      {mine && canVacate(view) && (
        <span className="seat__actions">
          <button
            type="button"
            className="button button--tiny button--secondary"
            onClick={() => void vacate()}
            disabled={vacatePending}
            data-testid="vacate"
          >
            {t('grimoire.seat.vacate')}
          </button>
        </span>
      )}
      {isViewerStoryteller(view) && (
        <button
          type="button"
          className="button button--tiny button--danger seat__remove"
          onClick={() => void remove()}
          disabled={removePending}
          aria-label={t('grimoire.seat.remove_label', { number })}
          title={t('grimoire.seat.remove_label', { number })}
          data-testid={`remove-seat-${index}`}
        >
          {t('grimoire.seat.remove_short')}
        </button>
      )}
    </li>
  );
}
