import { isLocalGame, type SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { isViewerStoryteller } from '../session/sessionRules';
import { GameIcon } from '../ui/icons/GameIcon';
import { UI_ICONS } from '../ui/icons/iconNames';
import { openSeatRename } from '../session/localPlayStore';
import { cycleAlignment, emptySeat, follow, setEyes, setSeatFlag } from '../session/gameActions';
import { shownAlignment } from '../characters/catalogue';
import { closeGameDialog, openGameDialog } from '../session/gameUiStore';
import { hasOpenEyesAbility } from './nightAction';
import { useVoiceStore, VolumeSlider } from '../voice';
import { useRoleText } from '../characters/contentTexts';

/**
 * Spec 1 §2 player menu per seat: character, alignment, reminders, eyes; the Storyteller also
 * marks for death, takes a ghost vote and empties the seat.
 */
export function SeatMenu({ view, index }: { view: SessionView; index: number }) {
  const { t } = useTranslation();
  const roleText = useRoleText();
  const voiceOn = useVoiceStore((s) => s.status === 'connected');
  const seat = view.seats[index];
  if (!seat) return null;
  const storyteller = isViewerStoryteller(view);
  const mine = view.viewer.seat === index;
  const user = seat.id ? view.users[seat.id] : undefined;
  const name = user?.username ?? (seat.name || t('grimoire.seat.empty'));
  const eyes = seat.status[0] ?? null;
  const canAlign = seat.role !== null && (storyteller || (mine && seat.role.team === 'traveller'));
  // Spec 2 §3 following: a grimoire holder also hears the channel of the player they follow.
  const canFollow = view.viewer.grimoireAccess && !isLocalGame(view) && seat.id !== '' && !mine && !!user?.isOnline;
  const following = view.chat.following?.[view.viewer.id]?.target === seat.id;
  // Spec 2 §3 userOverrides: anyone in voice sets how loud each other person plays for them.
  const hasVolume = voiceOn && !isLocalGame(view) && seat.id !== '' && !mine && !!user?.isOnline;
  const run = (action: () => unknown) => {
    closeGameDialog();
    void action();
  };
  return (
    <Modal
      title={t('game.seat_menu.title', { number: index + 1, name })}
      onDismiss={closeGameDialog}
      testId="seat-menu"
      className="dialog--menu"
    >
      {seat.role && (
        <p className="seat-menu__role">
          <strong>{roleText.role(seat.role).name}</strong>
          {seat.role.ability && <span> — {roleText.role(seat.role).ability}</span>}
        </p>
      )}
      {hasVolume && <VolumeSlider userId={seat.id} name={name} />}
      <ul className="menu-list menu-list--dialog">
        {storyteller && isLocalGame(view) && (
          <SeatMenuItem
            icon={UI_ICONS.note}
            label={t('local.rename.menu')}
            onClick={() => run(() => openSeatRename(index))}
            testId="seat-menu-rename"
          />
        )}
        {storyteller && (
          <SeatMenuItem
            icon={UI_ICONS.reveal}
            label={t('game.seat_menu.character')}
            onClick={() => openGameDialog({ kind: 'role', index })}
            testId="seat-menu-role"
          />
        )}
        {canAlign && (
          <SeatMenuItem
            icon={seat.alignment === 'e' ? UI_ICONS.evil : UI_ICONS.good}
            label={t('game.seat_menu.alignment', {
              value: t(`game.alignment.${shownAlignment(seat.role, seat.alignment) ?? 'none'}`),
            })}
            onClick={() => run(() => cycleAlignment(index))}
            testId="seat-menu-alignment"
          />
        )}
        {(storyteller || mine) && (
          <SeatMenuItem
            icon={UI_ICONS.note}
            label={t('game.seat_menu.reminder')}
            onClick={() => openGameDialog({ kind: 'reminder', index })}
            testId="seat-menu-reminder"
          />
        )}
        {(storyteller || mine) && hasOpenEyesAbility(seat.role) && (
          <>
            <SeatMenuItem
              icon={UI_ICONS.openEyes}
              label={t('game.eyes.open')}
              pressed={eyes === 'open-eyes'}
              onClick={() => run(() => setEyes(index, 'open-eyes'))}
              testId="seat-menu-eyes-open"
            />
            <SeatMenuItem
              icon={UI_ICONS.peekEyes}
              label={t('game.eyes.peek')}
              pressed={eyes === 'peek-eyes'}
              onClick={() => run(() => setEyes(index, 'peek-eyes'))}
              testId="seat-menu-eyes-peek"
            />
            <SeatMenuItem
              icon={UI_ICONS.night}
              label={t('game.eyes.close')}
              pressed={eyes === null}
              onClick={() => run(() => setEyes(index, null))}
              testId="seat-menu-eyes-close"
            />
          </>
        )}
        {storyteller && (
          <SeatMenuItem
            icon={UI_ICONS.skull}
            label={t(seat.isMarkedForDeath ? 'game.seat_menu.unmark' : 'game.seat_menu.mark')}
            onClick={() => run(() => setSeatFlag(index, 'isMarkedForDeath', !seat.isMarkedForDeath))}
            testId="seat-menu-mark"
          />
        )}
        {storyteller && seat.isDead && (
          <SeatMenuItem
            icon={UI_ICONS.vote}
            label={t(seat.isVoteless ? 'game.seat_menu.give_vote' : 'game.seat_menu.take_vote')}
            onClick={() => run(() => setSeatFlag(index, 'isVoteless', !seat.isVoteless))}
            testId="seat-menu-voteless"
          />
        )}
        {canFollow && (
          <SeatMenuItem
            icon={UI_ICONS.whisper}
            label={following ? t('voice.unfollow', { name }) : t('voice.follow', { name })}
            onClick={() => run(() => follow(following ? '' : seat.id))}
            pressed={following}
            testId="seat-menu-follow"
          />
        )}
        {storyteller && seat.id && (
          <SeatMenuItem
            icon={UI_ICONS.leave}
            label={t('game.seat_menu.empty')}
            onClick={() => run(() => emptySeat(index))}
            testId="seat-menu-empty"
            danger
          />
        )}
      </ul>
      <div className="dialog__buttons">
        <button type="button" className="button button--secondary" onClick={closeGameDialog}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}

export interface SeatMenuItemProps {
  icon: string;
  label: string;
  onClick: () => void;
  testId: string;
  pressed?: boolean;
  danger?: boolean;
}

export function SeatMenuItem({ icon, label, onClick, testId, pressed, danger }: SeatMenuItemProps) {
  return (
    <li>
      <button
        type="button"
        className={`menu-item ${pressed ? 'menu-item--on' : ''} ${danger ? 'menu-item--danger' : ''}`}
        aria-pressed={pressed}
        onClick={onClick}
        data-testid={testId}
      >
        <span className="menu-item__icon" aria-hidden="true">
          <GameIcon name={icon} />
        </span>
        <span className="menu-item__label">{label}</span>
      </button>
    </li>
  );
}
