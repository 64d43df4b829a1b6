import type { SessionView } from '@belfry/engine';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { useIsPending } from '../session/sessionStore';
import { clearTimer, setTimer } from '../session/gameActions';
import { closeGameDialog } from '../session/gameUiStore';
import { parseTimerForm, TIMER_TITLE_MAX, type TimerUnit } from './timerForm';

/**
 * Spec 1 §5 Timer dialog: minutes 0.1 to 60 or seconds 3 to 3600 (minutes become seconds), a
 * title of at most 50 characters; cancelling does nothing.
 */
export function TimerDialog({ view }: { view: SessionView }) {
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
