import type { SessionView } from '@belfry/engine';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { sendAction } from '../session/sessionController';
import { useIsPending } from '../session/sessionStore';
import { SeatToken } from './SeatToken';
import { circleRadius, seatPositions, TOKEN_UNIT_PERCENT, tokenSizeBase } from './seatLayout';
import { canAddSeat, isViewerStoryteller } from './sessionRules';

/** The town square: seats around a circle, sized by how many there are. */
export function SeatCircle({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const count = view.seats.length;
  const positions = seatPositions(count);
  const storyteller = isViewerStoryteller(view);
  // The token size in percent of the circle; every part of a seat is sized relative to it.
  const style = {
    '--token': tokenSizeBase(count) * TOKEN_UNIT_PERCENT,
    '--ring': circleRadius(count),
  } as CSSProperties;

  return (
    <div className="circle" style={style} data-testid="seat-circle" data-seats={count}>
      <div className="circle__ring" aria-hidden="true" />
      <div className="circle__centre">
        <p className="circle__count">{t('grimoire.circle.players', { count })}</p>
        {count === 0 && (
          <p className="circle__hint">
            {t(storyteller ? 'grimoire.circle.empty_storyteller' : 'grimoire.circle.empty')}
          </p>
        )}
        {storyteller && <AddSeatButton view={view} />}
      </div>
      <ol className="circle__seats" aria-label={t('grimoire.circle.label')}>
        {positions.map((position) => (
          <SeatToken key={position.index} view={view} index={position.index} x={position.x} y={position.y} />
        ))}
      </ol>
    </div>
  );
}

function AddSeatButton({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const pending = useIsPending('add-seat');
  const full = !canAddSeat(view);
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      disabled={pending || full}
      title={full ? t('grimoire.circle.full') : undefined}
      onClick={() => void sendAction('add', 'add-seat', 'updateSeats', { op: 'add', count: view.seats.length })}
      data-testid="add-seat"
    >
      {t('grimoire.circle.add_seat')}
    </button>
  );
}
