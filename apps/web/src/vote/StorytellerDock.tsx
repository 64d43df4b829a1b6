import type { SessionView } from '@belfry/engine';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../session/sessionStore';
import { serverNow } from '../time/serverClock';
import { runVoteAction } from './voteActions';
import {
  clampSpeed,
  nominateControl,
  parseHighscore,
  SPEED_SLIDER,
  storytellerControls,
  type Control,
} from './voteRules';
import type { DiscreteClock } from './useVoteClock';
import { beginNomination, cancelNomination, useVoteStore } from './voteStore';

/** While nominating: whom to click next, and a way out (also Escape). Shown even with the controls folded. */
export function NominatePrompt({ view, nominator }: { view: SessionView; nominator: number | null }) {
  const { t } = useTranslation();
  const name =
    nominator === null
      ? ''
      : (view.users[view.seats[nominator]?.id ?? '']?.username ?? t('vote.seat_number', { number: nominator + 1 }));
  return (
    <div className="vote-picking" role="status" data-testid="nominate-prompt">
      <p className="vote-picking__text">
        {nominator === null ? t('vote.pick.choose_nominator') : t('vote.pick.choose_nominee', { name })}
      </p>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={cancelNomination}
        data-testid="nominate-cancel"
      >
        {t('common.cancel')}
      </button>
    </div>
  );
}
import { NominateIcon } from '../ui/icons/InlineIcons';

interface ControlButtonProps {
  control: Control;
  pendingKey: string;
  onClick: () => void;
  testId: string;
  variant?: 'primary' | 'secondary' | 'danger' | 'quiet';
  pressed?: boolean;
  /** A fuller name than the visible text (tooltip and accessible name). */
  label?: string;
  children: ReactNode;
}

/**
 * A control that is always in the tab order: when the rules do not allow it now it is
 * aria-disabled and says why (tooltip and description), instead of silently vanishing.
 */
function ControlButton({
  control,
  pendingKey,
  onClick,
  testId,
  variant = 'secondary',
  pressed,
  label,
  children,
}: ControlButtonProps) {
  const { t } = useTranslation();
  const pending = useSessionStore((state) => state.pending[pendingKey] === true);
  const reasonId = useId();
  const disabled = !control.enabled || pending;
  const reason = control.reason ? t(control.reason) : undefined;
  return (
    <>
      <button
        type="button"
        className={`button button--small button--${variant === 'quiet' ? 'ghost' : variant} vote-button`}
        aria-disabled={disabled || undefined}
        aria-describedby={reason ? reasonId : undefined}
        aria-pressed={pressed}
        aria-label={label}
        title={reason ?? label}
        onClick={() => {
          if (!disabled) onClick();
        }}
        data-testid={testId}
      >
        {children}
      </button>
      {reason && (
        <span id={reasonId} hidden>
          {reason}
        </span>
      )}
    </>
  );
}

const control = (action: 'countdown' | 'start' | 'pause' | 'resume' | 'reset' | 'finish' | 'close' | 'advance') =>
  void runVoteAction(`vote-${action}`, 'voteControl', { action });

interface StorytellerDockProps {
  view: SessionView;
  clock: DiscreteClock | null;
}

/** The Storyteller's vote controls (spec 1 §2 Vote overlay, §4 Nomination and Vote lock counter). */
export function StorytellerDock({ view, clock }: StorytellerDockProps) {
  const { t } = useTranslation();
  const picking = useVoteStore((state) => state.picking);
  const vote = view.vote;
  // Re-evaluated whenever the clock's counter moves (pause needs a counting clock).
  const controls = storytellerControls(view, clock ? serverNow() : 0);
  const nominate = nominateControl(view);
  const nomination = vote.nomination;

  return (
    <>
      {!picking && (
        <div className="vote-dock__section">
          <ControlButton
            control={nominate}
            pendingKey="vote-nominate"
            onClick={() => beginNomination()}
            testId="nominate"
            variant={nomination ? 'secondary' : 'primary'}
          >
            <NominateIcon />
            {t(nomination ? 'vote.nominate_again' : 'vote.nominate')}
          </ControlButton>
        </div>
      )}

      {nomination && (
        <>
          <div className="vote-dock__section">
            <h3 className="vote-dock__heading">{t('vote.section.clock')}</h3>
            {controls.advance && (
              <ControlButton
                control={controls.advance.control}
                pendingKey="vote-advance"
                onClick={() => control('advance')}
                testId="vote-advance"
                variant="primary"
              >
                {t(controls.advance.next === 'defence' ? 'vote.advance_defence' : 'vote.advance_vote')}
              </ControlButton>
            )}
            <div className="vote-dock__row">
              <ControlButton
                control={controls.countdown}
                pendingKey="vote-countdown"
                onClick={() => control('countdown')}
                testId="vote-start-countdown"
                variant={controls.advance ? 'secondary' : 'primary'}
              >
                {t('vote.countdown')}
              </ControlButton>
              <ControlButton
                control={controls.start}
                pendingKey="vote-start"
                onClick={() => control('start')}
                testId="vote-start"
              >
                {t('vote.start')}
              </ControlButton>
            </div>
            <div className="vote-dock__row">
              {controls.paused ? (
                <ControlButton
                  control={controls.resume}
                  pendingKey="vote-resume"
                  onClick={() => control('resume')}
                  testId="vote-resume"
                  variant="primary"
                >
                  {t('vote.resume')}
                </ControlButton>
              ) : (
                <ControlButton
                  control={controls.pause}
                  pendingKey="vote-pause"
                  onClick={() => control('pause')}
                  testId="vote-pause"
                >
                  {t('vote.pause')}
                </ControlButton>
              )}
              <ControlButton
                control={controls.reset}
                pendingKey="vote-reset"
                onClick={() => control('reset')}
                testId="vote-reset"
              >
                {t('vote.reset')}
              </ControlButton>
            </div>
          </div>

          <div className="vote-dock__section">
            <h3 className="vote-dock__heading">{t('vote.section.result')}</h3>
            <ControlButton
              control={controls.mark}
              pendingKey="vote-mark"
              onClick={() => void runVoteAction('vote-mark', 'marked', { value: !controls.isMarked })}
              testId="vote-mark"
              variant="danger"
            >
              {t(controls.isMarked ? 'vote.unmark' : 'vote.mark')}
            </ControlButton>
            <div className="vote-dock__row">
              <ControlButton
                control={controls.finish}
                pendingKey="vote-finish"
                onClick={() => control('finish')}
                testId="vote-finish"
              >
                {t('vote.finish')}
              </ControlButton>
              <ControlButton
                control={controls.close}
                pendingKey="vote-close"
                onClick={() => control('close')}
                testId="vote-close"
                variant="quiet"
              >
                {t('vote.close')}
              </ControlButton>
            </div>
          </div>
        </>
      )}

      <div className="vote-dock__section">
        <h3 className="vote-dock__heading">{t('vote.section.settings')}</h3>
        {controls.secretVisible && (
          <ControlButton
            control={controls.secret}
            pendingKey="vote-secret"
            onClick={() => void runVoteAction('vote-secret', 'voteIsHidden', { value: !vote.isHidden })}
            testId="vote-secret"
            pressed={vote.isHidden}
          >
            {t(vote.isHidden ? 'vote.secret_on' : 'vote.secret_off')}
          </ControlButton>
        )}
        <ControlButton
          control={controls.type}
          pendingKey="vote-type"
          onClick={() => void runVoteAction('vote-type', 'nominationType', {})}
          testId="vote-type"
          label={t('vote.type_label', { type: t(`vote.type.${vote.nominationType}`) })}
        >
          {t('vote.type_short', { type: t(`vote.type.${vote.nominationType}`) })}
        </ControlButton>
        <SpeedSlider speed={vote.speed} control={controls.speed} />
        <HighscoreField highscore={vote.highscore} />
      </div>
    </>
  );
}

/** Spec 3 §5: 500–4000 ms in steps of 100; sent when the slider is let go (or changed by keys). */
function SpeedSlider({ speed, control }: { speed: number; control: Control }) {
  const { t } = useTranslation();
  const id = useId();
  // What the slider shows while it is being moved, and a moment after: the server's value follows.
  const [draft, setDraft] = useState<number | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const shown = draft ?? clampSpeed(speed);
  const commit = () => {
    if (draft === null) return;
    clearTimeout(settle.current);
    if (draft !== speed) void runVoteAction('vote-speed', 'voteSpeed', { speed: draft });
    settle.current = setTimeout(() => setDraft(null), 1500);
  };
  const reason = control.reason ? t(control.reason) : undefined;
  return (
    <div className="vote-field" title={reason}>
      <label htmlFor={id} className="vote-field__label">
        {t('vote.speed')}
        <output className="vote-field__value">{t('vote.speed_short', { seconds: (shown / 1000).toFixed(1) })}</output>
      </label>
      <input
        id={id}
        type="range"
        className="vote-slider"
        min={SPEED_SLIDER.min}
        max={SPEED_SLIDER.max}
        step={SPEED_SLIDER.step}
        value={shown}
        disabled={!control.enabled}
        onChange={(event) => {
          clearTimeout(settle.current);
          setDraft(Number(event.target.value));
        }}
        onPointerUp={commit}
        onKeyUp={commit}
        onBlur={commit}
        data-testid="vote-speed"
        aria-valuetext={t('vote.speed_value', { seconds: (shown / 1000).toFixed(1) })}
      />
    </div>
  );
}

/** Spec 1 §5: stored as an absolute number; non-numeric becomes 0. */
function HighscoreField({ highscore }: { highscore: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  // A change from the server replaces what was typed but not sent.
  useEffect(() => {
    const timer = setTimeout(() => setDraft(null), 0);
    return () => clearTimeout(timer);
  }, [highscore]);
  const submit = () => {
    if (draft === null) return;
    void runVoteAction('vote-highscore', 'voteHighscore', { value: parseHighscore(draft) }).then(() => setDraft(null));
  };
  return (
    <form
      className="vote-field vote-field--inline"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="vote-field__label">
        {t('vote.highscore')}
      </label>
      <div className="vote-field__pair">
        <input
          id={id}
          className="field__input vote-field__number"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={draft ?? String(highscore)}
          onChange={(event) => setDraft(event.target.value)}
          data-testid="vote-highscore"
        />
        <button
          type="submit"
          className="button button--small button--secondary"
          disabled={draft === null}
          data-testid="vote-highscore-set"
        >
          {t('vote.set')}
        </button>
      </div>
    </form>
  );
}

/**
 * With the controls folded, the one control the moment most likely needs, beside "Show": nominate,
 * advance the zookeeper phases, count down, pause or resume.
 */
export function QuickAction({ view, clock }: StorytellerDockProps) {
  const { t } = useTranslation();
  const picking = useVoteStore((state) => state.picking);
  if (picking) return null;
  const controls = storytellerControls(view, clock ? serverNow() : 0);
  const stage = clock?.stage ?? 'none';
  const quick = (
    control: Control,
    pendingKey: string,
    onClick: () => void,
    label: string,
    variant: 'primary' | 'secondary' = 'primary',
  ) => (
    <span className="vote-quick">
      <ControlButton control={control} pendingKey={pendingKey} onClick={onClick} testId="vote-quick" variant={variant}>
        {label}
      </ControlButton>
    </span>
  );
  if (!view.vote.nomination) {
    return quick(nominateControl(view), 'vote-nominate', () => beginNomination(), t('vote.nominate'));
  }
  if (controls.advance) {
    return quick(
      controls.advance.control,
      'vote-advance',
      () => control('advance'),
      t(controls.advance.next === 'defence' ? 'vote.quick_defence' : 'vote.quick_vote'),
    );
  }
  if (stage === 'idle' || stage === 'done')
    return quick(controls.countdown, 'vote-countdown', () => control('countdown'), t('vote.countdown'));
  if (stage === 'counting')
    return quick(controls.pause, 'vote-pause', () => control('pause'), t('vote.pause'), 'secondary');
  if (stage === 'paused') return quick(controls.resume, 'vote-resume', () => control('resume'), t('vote.resume'));
  return null;
}
