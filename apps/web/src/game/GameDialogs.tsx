import { isLocalGame, type SessionView, type Team } from '@belfry/engine';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../components/Modal';
import { isViewerStoryteller } from '../grimoire/sessionRules';
import { GameIcon } from '../icons/GameIcon';
import { TEAM_ICONS, UI_ICONS } from '../icons/iconNames';
import { openSeatRename } from '../local/localStore';
import { useIsPending } from '../session/sessionStore';
import {
  clearTimer,
  cycleAlignment,
  emptySeat,
  endGame,
  setEyes,
  setSeatFlag,
  setTimer,
  startPointing,
} from './actions';
import { RulesDialog } from '../rules/RulesDialog';
import { shownAlignment } from './catalogue';
import { closeGameDialog, openGameDialog, useGameUi } from './gameUiStore';
import { HandOutRoles } from './HandOutRoles';
import { hasOpenEyesAbility } from './nightAction';
import { ReminderPicker } from './ReminderPicker';
import { RolePicker } from './RolePicker';
import { parseTimerForm, TIMER_TITLE_MAX, type TimerUnit } from './timerForm';

/** The game screen's dialogues, one at a time. */
export function GameDialogs({ view }: { view: SessionView }) {
  const dialog = useGameUi((state) => state.dialog);
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'role':
      return <RolePicker key={`role-${dialog.index}`} view={view} index={dialog.index} />;
    case 'reminder':
      return (
        <ReminderPicker key={`reminder-${dialog.index}`} view={view} index={dialog.index} search={dialog.search} />
      );
    case 'seat':
      return <SeatMenu view={view} index={dialog.index} />;
    case 'timer':
      return <TimerDialog view={view} />;
    case 'end-game':
      return <EndGameDialog />;
    case 'hand-out':
      return <HandOutRoles view={view} />;
    case 'pointing':
      return <PointingDialog view={view} />;
    case 'rules':
      return <RulesDialog />;
  }
}

/**
 * Spec 1 §5 Timer dialog: minutes 0.1 to 60 or seconds 3 to 3600 (minutes become seconds), a
 * title of at most 50 characters; cancelling does nothing.
 */
function TimerDialog({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const pending = useIsPending('timer');
  const [unit, setUnit] = useState<TimerUnit>('minutes');
  const [minutes, setMinutes] = useState('5');
  const [seconds, setSeconds] = useState('');
  const [title, setTitle] = useState('');
  const [paused, setPaused] = useState(true);
  const [error, setError] = useState<'range' | 'title' | null>(null);
  const ids = { minutes: useId(), seconds: useId(), title: useId(), pause: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = parseTimerForm(unit, unit === 'minutes' ? minutes : seconds, title);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    if (await setTimer(result.title, result.duration, paused)) closeGameDialog();
  };

  const rangeText = unit === 'minutes' ? t('game.timer.range_minutes') : t('game.timer.range_seconds');
  return (
    <Modal title={t('game.timer.dialog_title')} onDismiss={closeGameDialog} testId="timer-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="timer-form__units">
          <div className={`field ${error === 'range' && unit === 'minutes' ? 'field--invalid' : ''}`}>
            <label className="field__label" htmlFor={ids.minutes}>
              {t('game.timer.minutes_label')}
            </label>
            <input
              id={ids.minutes}
              className="field__input"
              type="number"
              inputMode="decimal"
              min={0.1}
              max={60}
              step={0.1}
              value={minutes}
              onChange={(event) => {
                setMinutes(event.target.value);
                setSeconds('');
                setUnit('minutes');
                setError(null);
              }}
              data-testid="timer-minutes"
            />
          </div>
          <span className="timer-form__or">{t('game.timer.or')}</span>
          <div className={`field ${error === 'range' && unit === 'seconds' ? 'field--invalid' : ''}`}>
            <label className="field__label" htmlFor={ids.seconds}>
              {t('game.timer.seconds_label')}
            </label>
            <input
              id={ids.seconds}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={3}
              max={3600}
              step={1}
              value={seconds}
              onChange={(event) => {
                setSeconds(event.target.value);
                setMinutes('');
                setUnit('seconds');
                setError(null);
              }}
              data-testid="timer-seconds"
            />
          </div>
        </div>
        {error === 'range' && (
          <p className="field__error" role="alert" data-testid="timer-error">
            {rangeText}
          </p>
        )}
        <div className={`field ${error === 'title' ? 'field--invalid' : ''}`}>
          <label className="field__label" htmlFor={ids.title}>
            {t('game.timer.title_label')}
          </label>
          <input
            id={ids.title}
            className="field__input"
            value={title}
            maxLength={TIMER_TITLE_MAX}
            onChange={(event) => {
              setTitle(event.target.value);
              setError(null);
            }}
            placeholder={t('game.timer.title_placeholder')}
            data-testid="timer-title"
          />
          {error === 'title' && <p className="field__error">{t('game.timer.title_error')}</p>}
        </div>
        <label className="checkbox" htmlFor={ids.pause}>
          <input
            id={ids.pause}
            type="checkbox"
            checked={paused}
            onChange={(event) => setPaused(event.target.checked)}
            data-testid="timer-pause"
          />
          {t('game.timer.pause_during_votes')}
        </label>
        <div className="dialog__buttons">
          {view.timer && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void clearTimer().then((ok) => ok && closeGameDialog())}
              disabled={pending}
              data-testid="timer-clear"
            >
              {t('game.timer.clear')}
            </button>
          )}
          <button
            type="button"
            className="button button--secondary"
            onClick={closeGameDialog}
            data-testid="timer-cancel"
          >
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={pending} data-testid="timer-submit">
            {t('game.timer.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Spec 1 §4 End of game: asks whether evil won, then reveals (one by one, 1 s each when slow). */
function EndGameDialog() {
  const { t } = useTranslation();
  const [slow, setSlow] = useState(true);
  const id = useId();
  return (
    <Modal title={t('game.end.title')} onDismiss={closeGameDialog} testId="end-game-dialog">
      <p className="dialog__text">{t('game.end.text')}</p>
      <div className="end-game__choices">
        <button
          type="button"
          className="result-choice result-choice--good"
          onClick={() => void endGame(false, slow)}
          data-testid="end-game-good"
        >
          <GameIcon name={UI_ICONS.good} />
          {t('game.end.good')}
        </button>
        <button
          type="button"
          className="result-choice result-choice--evil"
          onClick={() => void endGame(true, slow)}
          data-testid="end-game-evil"
        >
          <GameIcon name={UI_ICONS.evil} />
          {t('game.end.evil')}
        </button>
      </div>
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={slow}
          onChange={(event) => setSlow(event.target.checked)}
          data-testid="end-game-slow"
        />
        {t('game.end.slow')}
      </label>
      <div className="dialog__buttons">
        <button type="button" className="button button--secondary" onClick={closeGameDialog}>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}

const POINTING_TEAMS: Team[] = ['townsfolk', 'outsider', 'minion', 'demon', 'traveller'];

/** Spec 1 §4 Pointing: by day everyone; at night a team or the dead. */
function PointingDialog({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const night = view.game.isNight;
  return (
    <Modal title={t('game.pointing.dialog_title')} onDismiss={closeGameDialog} testId="pointing-dialog">
      <p className="dialog__text">{t(night ? 'game.pointing.night_text' : 'game.pointing.day_text')}</p>
      {night ? (
        <div className="pointing__teams">
          {POINTING_TEAMS.map((team) => (
            <button
              key={team}
              type="button"
              className={`team-button team-count--${team}`}
              onClick={() => void startPointing({ team })}
              data-testid={`pointing-team-${team}`}
            >
              <GameIcon name={TEAM_ICONS[team]!} />
              {t(`game.teams.${team}`)}
            </button>
          ))}
          <button
            type="button"
            className="team-button"
            onClick={() => void startPointing({ dead: true })}
            data-testid="pointing-dead"
          >
            <GameIcon name={UI_ICONS.ghost} />
            {t('game.pointing.dead')}
          </button>
        </div>
      ) : null}
      <div className="dialog__buttons">
        <button type="button" className="button button--secondary" onClick={closeGameDialog}>
          {t('common.cancel')}
        </button>
        {!night && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void startPointing()}
            data-testid="pointing-start"
          >
            {t('game.pointing.start')}
          </button>
        )}
      </div>
    </Modal>
  );
}

/**
 * Spec 1 §2 player menu per seat: character, alignment, reminders, eyes; the Storyteller also
 * marks for death, takes a ghost vote and empties the seat.
 */
function SeatMenu({ view, index }: { view: SessionView; index: number }) {
  const { t } = useTranslation();
  const seat = view.seats[index];
  if (!seat) return null;
  const storyteller = isViewerStoryteller(view);
  const mine = view.viewer.seat === index;
  const user = seat.id ? view.users[seat.id] : undefined;
  const name = user?.username ?? (seat.name || t('grimoire.seat.empty'));
  const eyes = seat.status[0] ?? null;
  const canAlign = seat.role !== null && (storyteller || (mine && seat.role.team === 'traveller'));
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
          <strong>{seat.role.name}</strong>
          {seat.role.ability && <span> — {seat.role.ability}</span>}
        </p>
      )}
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

interface SeatMenuItemProps {
  icon: string;
  label: string;
  onClick: () => void;
  testId: string;
  pressed?: boolean;
  danger?: boolean;
}

function SeatMenuItem({ icon, label, onClick, testId, pressed, danger }: SeatMenuItemProps) {
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
