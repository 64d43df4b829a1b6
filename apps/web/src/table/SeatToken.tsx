import { isLocalGame, type Role, type SessionView } from '@belfry/engine';
import { useState, type CSSProperties, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../ui/dialogs';
import { moveSeat, pointAt, toggleLife } from '../session/gameActions';
import { openGameDialog, useGameUi } from '../session/gameUiStore';
import { RoleToken } from '../ui/tokens/RoleToken';
import { seatView } from './seatView';
import { GameIcon } from '../ui/icons/GameIcon';
import { UI_ICONS } from '../ui/icons/iconNames';
import { openSeatRename } from '../session/localPlayStore';
import { sendAction } from '../session/sessionController';
import { useIsPending } from '../session/sessionStore';
import { canClaimSeat, canVacate, isViewerStoryteller } from '../session/sessionRules';
import { SeatBadges } from './SeatBadges';
import { SeatReminders } from './SeatReminders';
import { SeatVideo, SeatVoiceIcons, useVoiceStore } from '../voice';
import { Avatar } from '../people';
import { useRoleText } from '../characters/contentTexts';
import { useSettings } from '../settings';
import { useNightPlace } from './useNightPlace';

/** The first character as the reader sees it (an emoji or accented letter stays whole). */
const initialOf = (name: string): string => (Array.from(name.trim())[0] ?? '?').toUpperCase();

interface SeatTokenProps {
  view: SessionView;
  index: number;
  /** Centre, in percent of the circle. */
  x: number;
  y: number;
  /** Radians, 0 at the top, clockwise: where the seat sits on the circle. */
  angle: number;
  /** Degrees (0 = right, clockwise) towards the seat this seat's player points at, if any. */
  pointAngle: number | null;
  /** How many players point at this seat. */
  pointedBy: number;
}

export function SeatToken({ view, index, x, y, angle, pointAngle, pointedBy }: SeatTokenProps) {
  const { t } = useTranslation();
  const roleText = useRoleText();
  const stackReminders = useSettings((settings) => settings.stackReminderTokens);
  // The seat's character as the grimoire has it (the shown role is picked below, after the seat checks).
  const nightPlace = useNightPlace(view, view.seats[index]?.role?.id);
  const claimPending = useIsPending('claim');
  const vacatePending = useIsPending('vacate');
  const removePending = useIsPending(`remove-seat-${index}`);
  const lifePending = useIsPending(`life-${index}`);
  const mode = useGameUi((state) => state.mode);
  const isTownSquare = useGameUi((state) => state.isTownSquare);
  const [dropTarget, setDropTarget] = useState(false);
  const inVoice = useVoiceStore((s) => s.status === 'connected');
  const seat = view.seats[index];
  if (!seat) return null;

  const number = index + 1;
  const user = seat.id ? view.users[seat.id] : undefined;
  const occupied = seat.id !== '';
  const online = user?.isOnline ?? false;
  const mine = occupied && seat.id === view.viewer.id;
  const storyteller = isViewerStoryteller(view);
  const gathering = storyteller && mode === 'gather';
  const claimable = canClaimSeat(view, index);
  // A local game's seats carry the names the Storyteller gives them (spec 1 §2 Nameplate).
  const localGame = isLocalGame(view);
  const named = occupied || (localGame && seat.name !== '');
  // Someone else's seat has a menu for anyone in voice (their volume) and for grimoire holders (listening in).
  const otherInVoice = occupied && !mine && online && !localGame && (inVoice || view.viewer.grimoireAccess);
  const name =
    user?.username ??
    (occupied
      ? t('grimoire.seat.unknown_user')
      : localGame
        ? seat.name || t('local.seat.unnamed')
        : t('grimoire.seat.empty'));
  const shown = seatView(view, index, isTownSquare);
  const hand = occupied ? view.raisedHands[seat.id] : undefined;

  // Spec 1 §4 Pointing: a player who takes part clicks a seat while the countdown runs.
  const pointing = view.pointing;
  const canPoint =
    pointing?.status === 'countdown' &&
    view.viewer.seat >= 0 &&
    (pointing.recipients === null || pointing.members.includes(view.viewer.id));
  const pickRole = storyteller && !isTownSquare && !gathering;
  const tokenAction: 'point' | 'claim' | 'role' | 'menu' | null = canPoint
    ? 'point'
    : claimable
      ? 'claim'
      : pickRole
        ? 'role'
        : mine
          ? 'menu'
          : null;

  const onToken = () => {
    if (tokenAction === 'point') void pointAt(index);
    else if (tokenAction === 'claim') void sendAction('claiming', 'claim', 'claimSeat', { index });
    else if (tokenAction === 'role') openGameDialog({ kind: 'role', index });
    else if (tokenAction === 'menu') openGameDialog({ kind: 'seat', index });
  };

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

  const life = async () => {
    const wasMarked = seat.isMarkedForDeath;
    const ok = await toggleLife(index, isTownSquare);
    // Spec 1 §4: at night in a live session the toggle marks for death and opens the reminder picker.
    if (ok && !isTownSquare && view.game.isNight && !wasMarked && !localGame && view.hook?.name !== 'reveal-grimoire') {
      openGameDialog({ kind: 'reminder', index, search: 'dead|alive' });
    }
  };

  // Gather mode: drag a seat onto another to move it there (spec 1 §2), or use the arrow keys on its handle.
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData('application/x-belfry-seat', String(index));
    event.dataTransfer.effectAllowed = 'move';
  };
  const onDrop = (event: DragEvent) => {
    setDropTarget(false);
    const from = Number(event.dataTransfer.getData('application/x-belfry-seat'));
    if (Number.isInteger(from) && from !== index) void moveSeat(from, index, view.seats.length);
  };
  const onHandleKey = (event: KeyboardEvent) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const to = (index + step + view.seats.length) % view.seats.length;
    void moveSeat(index, to, view.seats.length);
  };

  const role: Role | null = shown.role;
  const classes = [
    'seat',
    occupied ? 'seat--occupied' : 'seat--empty',
    named && !occupied ? 'seat--named' : '',
    mine ? 'seat--mine' : '',
    occupied && !online ? 'seat--offline' : '',
    claimable ? 'seat--claimable' : '',
    role ? 'seat--has-role' : '',
    seat.isDead ? 'seat--dead' : '',
    tokenAction ? 'seat--actionable' : '',
    canPoint ? 'seat--pointable' : '',
    dropTarget ? 'seat--drop' : '',
    gathering ? 'seat--gather' : '',
  ].join(' ');

  const tokenLabel = canPoint
    ? t('game.seat.point_at', { number, name })
    : claimable
      ? t('grimoire.seat.claim_label', { number })
      : named
        ? t('grimoire.seat.occupied_label', { number, name })
        : t('grimoire.seat.empty_label', { number });
  const shownRole = roleText.role(role);
  const roleLabel = shownRole ? `${shownRole.name}${shownRole.ability ? ` — ${shownRole.ability}` : ''}` : undefined;

  // Unit vector from the seat towards the circle's centre: reminders lie inwards.
  const inX = -Math.sin(angle);
  const inY = Math.cos(angle);
  const style = {
    left: `${x}%`,
    top: `${y}%`,
    '--in-x': inX.toFixed(3),
    '--in-y': inY.toFixed(3),
  } as CSSProperties;
  const remindersVertical = Math.abs(inX) > Math.abs(inY) + 0.2;
  // Where the reminders lie beneath the nameplate (the upper seats), the seat's buttons go above the token.
  const actionsAbove = !remindersVertical && inY > 0.2;
  // The Storyteller edits the grimoire's reminders; everyone else keeps private notes on any seat (issue 14).
  const canEditReminders = !isTownSquare;
  const lifeState = seat.isDead ? (seat.isVoteless ? 'voteless' : 'dead') : 'alive';

  return (
    <li
      className={classes}
      style={style}
      data-testid={`seat-${index}`}
      data-occupant={seat.id || 'empty'}
      data-online={String(occupied && online)}
      data-mine={mine ? 'true' : undefined}
      data-dead={seat.isDead ? 'true' : undefined}
      onDragOver={
        gathering
          ? (event) => {
              event.preventDefault();
              setDropTarget(true);
            }
          : undefined
      }
      onDragLeave={gathering ? () => setDropTarget(false) : undefined}
      onDrop={gathering ? onDrop : undefined}
    >
      {shown.role !== null || canEditReminders ? (
        <SeatReminders
          view={view}
          index={index}
          vertical={remindersVertical}
          stacked={stackReminders}
          editable={canEditReminders}
          storyteller={storyteller}
          visible={shown.reminders}
        />
      ) : null}
      <button
        type="button"
        className="seat__token"
        onClick={onToken}
        disabled={!tokenAction || (tokenAction === 'claim' && claimPending)}
        aria-label={tokenLabel}
        title={canPoint ? t('game.seat.point_hint') : claimable ? t('grimoire.seat.claim') : roleLabel}
        data-testid={`seat-${index}-role`}
        data-role={role?.id ?? ''}
      >
        {occupied && online && <SeatVideo userId={seat.id} mine={mine} />}
        {role ? (
          <RoleToken role={role} alignment={shown.alignment} />
        ) : occupied && !localGame ? (
          <Avatar userId={seat.id} size="fill" className="seat__avatar" />
        ) : (
          <span className="seat__initial" aria-hidden="true">
            {named ? initialOf(name) : claimable ? '+' : ''}
          </span>
        )}
        {seat.isDead && <span className="seat__shroud" aria-hidden="true" />}
        {nightPlace !== undefined && (
          <span
            className="seat__night-place"
            title={t('game.seat.night_place', { number: nightPlace })}
            data-testid={`seat-${index}-night-place`}
          >
            {nightPlace}
          </span>
        )}
      </button>
      <span className="seat__number" aria-hidden="true">
        {number}
      </span>
      <SeatBadges
        view={view}
        index={index}
        name={name}
        shown={shown}
        hand={hand}
        pointAngle={pointAngle}
        pointedBy={pointedBy}
      />
      {storyteller && !gathering && (
        <button
          type="button"
          className="seat__life"
          onClick={() => void life()}
          disabled={lifePending}
          aria-label={t(`game.seat.life_${lifeState}`, { number, name })}
          title={t(`game.seat.life_${lifeState}`, { number, name })}
          data-testid={`seat-${index}-life`}
          data-state={lifeState}
        >
          <GameIcon name={seat.isDead ? (seat.isVoteless ? UI_ICONS.skull : UI_ICONS.ghost) : UI_ICONS.alive} />
        </button>
      )}
      {(storyteller || mine || otherInVoice) && !gathering && (
        <button
          type="button"
          className="seat__menu"
          onClick={() => openGameDialog({ kind: 'seat', index })}
          aria-label={t('game.seat.menu_label', { number, name })}
          title={t('game.seat.menu_label', { number, name })}
          aria-haspopup="dialog"
          data-testid={`seat-${index}-menu`}
        >
          <span aria-hidden="true">⋯</span>
        </button>
      )}
      <span className="seat__plate">
        {gathering && (
          <button
            type="button"
            className="seat__drag"
            draggable
            onDragStart={onDragStart}
            onKeyDown={onHandleKey}
            aria-label={t('game.gather.drag_label', { number })}
            title={t('game.gather.drag_hint')}
            data-testid={`seat-${index}-drag`}
          >
            <GameIcon name={UI_ICONS.drag} />
          </button>
        )}
        {localGame && storyteller ? (
          <button
            type="button"
            className="seat__name seat__name--edit"
            onClick={() => openSeatRename(index)}
            aria-label={t('local.rename.plate_label', { number, name })}
            title={t('local.rename.plate_hint')}
            data-testid={`seat-${index}-name`}
          >
            {name}
          </button>
        ) : (
          <span className="seat__name" data-testid={`seat-${index}-name`}>
            {name}
          </span>
        )}
        {mine && <span className="seat__tag seat__tag--you">{t('grimoire.seat.you')}</span>}
        <SeatVoiceIcons view={view} index={index} />
        {occupied && !online && (
          <span className="seat__tag seat__tag--offline" data-testid={`seat-${index}-offline`}>
            {t('grimoire.seat.offline')}
          </span>
        )}
      </span>
      {mine && canVacate(view) && (
        <span className={`seat__actions ${actionsAbove ? 'seat__actions--above' : ''}`}>
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
      {gathering && (
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
