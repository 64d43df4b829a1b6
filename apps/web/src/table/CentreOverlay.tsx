import { POINTING_COUNTDOWN_MS, type RevealParams, type SessionView } from '@belfry/engine';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AddSeatButton } from './AddSeatButton';
import { isViewerStoryteller } from '../session/sessionRules';
import { GameIcon } from '../ui/icons/GameIcon';
import { UI_ICONS } from '../ui/icons/iconNames';
import { useIsPending } from '../session/sessionStore';
import { setEyes, stopPointing } from '../session/gameActions';
import { toggleMode, useGameUi } from '../session/gameUiStore';
import { viewerNightAction } from './nightAction';
import { centreOverlay, type CentreOverlay as Overlay } from './overlay';
import { RoleToken } from '../ui/tokens/RoleToken';
import { useServerNow } from '../time/serverTime';
import { TownInfo } from './TownInfo';
import { FirstNightOverlay } from './FirstNightOverlay';
import { openEditionPicker } from '../script';
import { useRoleText } from '../characters/contentTexts';
import { withLaterStrings } from '../i18n';

// The rules load when the Storyteller first shows them: their text is the largest group of strings.
const RulesOverlay = lazy(async () => ({
  default: (await withLaterStrings(() => import('./rules/RulesOverlay'))).RulesOverlay,
}));

/** Spec 1 §2: gather players suggests choosing an edition from 7 players on. */
export const EDITION_HINT_PLAYERS = 7;

/** Which overlay the centre shows for this viewer now (the vote overlay, issue 6, mounts on its own). */
export const useCentreOverlay = (view: SessionView): Overlay => {
  const mode = useGameUi((state) => state.mode);
  return centreOverlay({
    hook: view.hook?.name ?? null,
    mode,
    isStoryteller: isViewerStoryteller(view),
    isPointing: view.pointing !== null,
    hasNomination: view.vote.nomination !== null,
    hasNightAction: viewerNightAction(view),
  });
};

/** The centre of the circle, in the spec's priority order (spec 1 §2 "Overlays in priority order"). */
export function CentreOverlay({ view }: { view: SessionView }) {
  const overlay = useCentreOverlay(view);
  switch (overlay) {
    case 'hook':
      return <HookOverlay view={view} />;
    case 'firstnight':
      return <FirstNightOverlay view={view} />;
    case 'gather':
      return <GatherOverlay view={view} />;
    case 'rules':
      return (
        <Suspense fallback={null}>
          <RulesOverlay />
        </Suspense>
      );
    case 'pointing':
      return <PointingOverlay view={view} />;
    case 'reveal':
      return <RevealOverlay view={view} />;
    case 'night-action':
      return <NightActionOverlay view={view} />;
    case 'town-info':
      return <TownInfo view={view} />;
    // The vote overlay (issue 6) is mounted beside the circle and shows itself when there is a nomination.
    default:
      return null;
  }
}

function HookOverlay({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const roleText = useRoleText();
  const hook = view.hook;
  if (!hook) return null;
  if (hook.name === 'attention-gong') {
    const night = hook.params.isNight === true;
    return (
      <section
        className="overlay overlay--attention"
        data-testid="attention-overlay"
        data-night={String(night)}
        aria-live="assertive"
      >
        <GameIcon name={UI_ICONS.gong} className="overlay__icon overlay__icon--ring" />
        <h2 className="overlay__title">{t(night ? 'game.attention.night_title' : 'game.attention.day_title')}</h2>
        <p className="overlay__text">{t(night ? 'game.attention.night_text' : 'game.attention.day_text')}</p>
      </section>
    );
  }
  if (hook.name === 'receive-role') {
    const own = view.seats[view.viewer.seat];
    const ownRole = roleText.role(own?.role);
    return (
      <section className="overlay overlay--receive" data-testid="receive-role-overlay" aria-live="polite">
        {own?.role ? (
          <>
            <p className="overlay__kicker">{t('game.receive.you_are')}</p>
            <RoleToken role={own.role} alignment={own.alignment} className="role-token--large" />
            <h2 className="overlay__title" data-testid="received-role">
              {ownRole?.name}
            </h2>
            {ownRole?.ability && <p className="overlay__text overlay__text--small">{ownRole.ability}</p>}
          </>
        ) : (
          <>
            <GameIcon name={UI_ICONS.reveal} className="overlay__icon" />
            <h2 className="overlay__title">{t('game.receive.title')}</h2>
            <p className="overlay__text">{t('game.receive.text')}</p>
          </>
        )}
      </section>
    );
  }
  return (
    <section className="overlay overlay--distribute" data-testid="distribute-overlay" aria-live="polite">
      <span className="overlay__cards" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      <h2 className="overlay__title">{t('game.distribute.title')}</h2>
      <p className="overlay__text">{t('game.distribute.text')}</p>
    </section>
  );
}

function GatherOverlay({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const count = view.seats.length;
  return (
    <section className="overlay overlay--gather" data-testid="gather-overlay">
      <GameIcon name={UI_ICONS.gather} className="overlay__icon" />
      <h2 className="overlay__title">{t('game.gather.title')}</h2>
      <p className="overlay__count" data-testid="gather-count">
        {t('game.gather.count', { count, max: 20 })}
      </p>
      <p className="overlay__text overlay__text--small">{t('game.gather.text')}</p>
      {count >= EDITION_HINT_PLAYERS && (
        <p className="overlay__hint" data-testid="gather-edition-hint">
          {t('game.gather.edition_hint')}
        </p>
      )}
      <div className="overlay__buttons">
        <AddSeatButton view={view} variant="primary" />
        {count >= EDITION_HINT_PLAYERS && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={openEditionPicker}
            data-testid="gather-edition"
          >
            {t('game.menu.edition')}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => toggleMode('gather')}
          data-testid="gather-done"
        >
          {t('game.gather.done')}
        </button>
      </div>
    </section>
  );
}

function PointingOverlay({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const pointing = view.pointing;
  const counting = pointing?.status === 'countdown';
  const now = useServerNow(counting, 100);
  const pending = useIsPending('pointing');
  if (!pointing) return null;
  const left = Math.max(0, POINTING_COUNTDOWN_MS - (now - pointing.startedAt));
  const number = Math.ceil(left / 1000);
  const locked = !counting || left === 0;
  const storyteller = isViewerStoryteller(view);
  const mayPoint = view.viewer.seat >= 0 && (pointing.recipients === null || pointing.members.includes(view.viewer.id));
  const own = mayPoint ? pointing.pointers[view.viewer.id] : undefined;
  const who =
    pointing.recipients === null
      ? t('game.pointing.everyone')
      : t('game.pointing.some', { count: pointing.recipients.length });
  return (
    <section
      className="overlay overlay--pointing"
      data-testid="pointing-overlay"
      data-state={locked ? 'locked' : 'countdown'}
    >
      <p className="overlay__kicker">{who}</p>
      <p
        className={`overlay__countdown ${locked ? 'overlay__countdown--locked' : ''}`}
        aria-live="assertive"
        data-testid="pointing-countdown"
      >
        {locked ? t('game.pointing.locked') : number}
      </p>
      <p className="overlay__text overlay__text--small">
        {mayPoint && !locked
          ? own !== undefined
            ? t('game.pointing.chosen', { number: own + 1 })
            : t('game.pointing.choose')
          : t('game.pointing.count', { count: Object.keys(pointing.pointers).length })}
      </p>
      {storyteller && (
        <div className="overlay__buttons">
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void stopPointing()}
            disabled={pending}
            data-testid="stop-pointing"
          >
            {t(locked ? 'game.pointing.close' : 'game.pointing.lock')}
          </button>
        </div>
      )}
    </section>
  );
}

function RevealOverlay({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const params = view.hook?.params as unknown as RevealParams | undefined;
  if (!params) return null;
  const evil = params.isEvilWin;
  const total = params.order.length;
  const done = Math.min(params.step, total);
  return (
    <section
      className={`overlay overlay--reveal overlay--${evil ? 'evil' : 'good'}`}
      data-testid="reveal-overlay"
      data-result={evil ? 'evil' : 'good'}
      aria-live="polite"
    >
      <GameIcon name={evil ? UI_ICONS.evil : UI_ICONS.good} className="overlay__icon overlay__icon--result" />
      <h2 className="overlay__title overlay__title--result">{t(evil ? 'game.reveal.evil' : 'game.reveal.good')}</h2>
      <p
        className="overlay__text overlay__text--small"
        data-testid="reveal-progress"
        data-step={done}
        data-total={total}
      >
        {done < total ? t('game.reveal.progress', { done, total }) : t('game.reveal.done')}
      </p>
      <span className="overlay__bar" aria-hidden="true">
        <span style={{ width: `${total === 0 ? 100 : (done / total) * 100}%` }} />
      </span>
    </section>
  );
}

function NightActionOverlay({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const index = view.viewer.seat;
  const seat = view.seats[index];
  const pending = useIsPending(`eyes-${index}`);
  if (!seat) return null;
  const state = seat.status[0] ?? null;
  const choices = [
    { value: 'open-eyes', key: 'open', icon: UI_ICONS.openEyes },
    { value: 'peek-eyes', key: 'peek', icon: UI_ICONS.peekEyes },
    { value: null, key: 'close', icon: UI_ICONS.night },
  ] as const;
  return (
    <section
      className="overlay overlay--night-action"
      data-testid="night-action-overlay"
      data-state={state ?? 'closed'}
    >
      <h2 className="overlay__title">{t('game.eyes.title')}</h2>
      <p className="overlay__text overlay__text--small">
        {t(
          state === 'open-eyes'
            ? 'game.eyes.open_state'
            : state === 'peek-eyes'
              ? 'game.eyes.peek_state'
              : 'game.eyes.closed_state',
        )}
      </p>
      <div className="overlay__choices" role="group" aria-label={t('game.eyes.title')}>
        {choices.map((choice) => (
          <button
            key={choice.key}
            type="button"
            className={`choice ${state === choice.value ? 'choice--on' : ''}`}
            aria-pressed={state === choice.value}
            disabled={pending}
            onClick={() => void setEyes(index, choice.value)}
            data-testid={`eyes-${choice.key}`}
          >
            <GameIcon name={choice.icon} />
            <span>{t(`game.eyes.${choice.key}`)}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
