import type { SessionView } from '@belfry/engine';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { isWhispering } from '../chat';
import { isViewerStoryteller } from '../session/sessionRules';
import { GameIcon } from '../ui/icons/GameIcon';
import { handIconName, UI_ICONS } from '../ui/icons/iconNames';
import type { ShownSeat } from './seatView';
import { useSettings } from '../settings';

interface SeatBadgesProps {
  view: SessionView;
  index: number;
  /** The sitter's name, for the labels. */
  name: string;
  shown: ShownSeat;
  hand: string | undefined;
  /** Degrees towards the seat this seat's player points at, if any. */
  pointAngle: number | null;
  pointedBy: number;
}

/**
 * Spec 1 §2 player overlay icons around a token: the ghost vote, the night mark, open or peeking
 * eyes, the whisper envelope, the raised hand, the pointing arrow and how many point at the seat.
 */
export function SeatBadges({ view, index, name, shown, hand, pointAngle, pointedBy }: SeatBadgesProps) {
  const { t } = useTranslation();
  // Settings → cosmetics disabled: a cosmetic emote shows as the plain hand.
  const cosmeticsOff = useSettings((settings) => settings.isCosmeticsDisabled);
  const seat = view.seats[index];
  if (!seat) return null;
  const occupied = seat.id !== '';
  const storyteller = isViewerStoryteller(view);
  return (
    <>
      {seat.isDead && !seat.isVoteless && (
        <span className="seat__vote-token" title={t('game.seat.ghost_vote')} data-testid={`seat-${index}-vote-token`}>
          <GameIcon name={UI_ICONS.vote} />
          <span className="visually-hidden">{t('game.seat.ghost_vote')}</span>
        </span>
      )}
      {seat.isMarkedForDeath && (shown.secrets || storyteller) && (
        <span className="seat__skull" title={t('game.seat.marked')} data-testid={`seat-${index}-marked`}>
          <GameIcon name={UI_ICONS.skull} label={t('game.seat.marked')} />
        </span>
      )}
      {shown.eyes && (
        <span
          className={`seat__eyes seat__eyes--${shown.eyes}`}
          data-testid={`seat-${index}-eyes`}
          data-state={shown.eyes}
        >
          <GameIcon
            name={shown.eyes === 'open-eyes' ? UI_ICONS.openEyes : UI_ICONS.peekEyes}
            label={t(shown.eyes === 'open-eyes' ? 'game.eyes.open_state' : 'game.eyes.peek_state')}
          />
        </span>
      )}
      {occupied && isWhispering(view, seat.id) && (
        <span
          className="seat__envelope"
          data-testid={`seat-${index}-whispering`}
          title={t('whisper.seat_whispering', { name })}
        >
          <span aria-hidden="true">✉</span>
          <span className="visually-hidden">{t('whisper.seat_whispering', { name })}</span>
        </span>
      )}
      {hand && (
        <span className="seat__hand" data-testid={`seat-${index}-hand`} data-icon={hand}>
          <GameIcon
            name={handIconName(cosmeticsOff && hand.startsWith('emote:') ? 'hand' : hand)}
            label={t('game.seat.hand_raised', { name })}
          />
        </span>
      )}
      {pointAngle !== null && (
        <span
          className="seat__pointer"
          style={{ '--point': `${pointAngle}deg` } as CSSProperties}
          data-testid={`seat-${index}-pointer`}
          aria-hidden="true"
        >
          <svg viewBox="0 0 40 20" className="seat__arrow">
            <path
              d="M2 10h28M22 3l10 7-10 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
      )}
      {pointedBy > 0 && (
        <span
          className="seat__pointed"
          title={t('game.seat.pointed_by', { count: pointedBy })}
          data-testid={`seat-${index}-pointed`}
          data-count={pointedBy}
        >
          <span aria-hidden="true">{pointedBy}</span>
          <span className="visually-hidden">{t('game.seat.pointed_by', { count: pointedBy })}</span>
        </span>
      )}
    </>
  );
}
