import type { SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { addSeat } from '../session/gameActions';
import { useIsPending } from '../session/sessionStore';
import { canAddSeat } from '../session/sessionRules';

/** Adds one seat (at most 20 players). */
export function AddSeatButton({
  view,
  variant = 'secondary',
}: {
  view: SessionView;
  variant?: 'primary' | 'secondary';
}) {
  const { t } = useTranslation();
  const pending = useIsPending('add-seat');
  const full = !canAddSeat(view);
  return (
    <button
      type="button"
      className={`button button--${variant} button--small`}
      disabled={pending || full}
      title={full ? t('grimoire.circle.full') : undefined}
      onClick={() => void addSeat(view.seats.length)}
      data-testid="add-seat"
    >
      {t('grimoire.circle.add_seat')}
    </button>
  );
}
