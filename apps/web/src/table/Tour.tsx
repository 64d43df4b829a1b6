import type { SessionView } from '@belfry/engine';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isViewerStoryteller } from '../session/sessionRules';
import { useSettings } from '../settings';
import { endTour, moveTour, startTour, TOUR_STEPS, tourDue, type TourKind, useTour } from './tour';
import './Tour.css';

/** The part of the screen a step points at gets a ring while the step shows. */
const useHighlight = (selector: string | null) => {
  useEffect(() => {
    const element = selector ? document.querySelector(selector) : null;
    element?.classList.add('tour-target');
    return () => element?.classList.remove('tour-target');
  }, [selector]);
};

/**
 * Spec 3 §3 tutorial: the tour of the table, a small card that leaves the table usable (it is not
 * modal): Back, Next (Done on the last step) and Skip; Escape skips. It starts by itself the first
 * time a Storyteller or a player reaches a table in this browser, unless Settings → game turns the
 * tutorial off.
 */
export function Tour({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const titleId = useId();
  const kind: TourKind = isViewerStoryteller(view) ? 'storyteller' : 'player';
  const disabled = useSettings((settings) => settings.isTutorialDisabled);
  const done = useTour((state) => state.done);
  const running = useTour((state) => state.running);
  const next = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!useTour.getState().running && tourDue(kind, done, disabled)) startTour(kind);
  }, [kind, done, disabled]);

  const step = running ? TOUR_STEPS[running.at] : undefined;
  useHighlight(step?.target ?? null);
  useEffect(() => next.current?.focus(), [running?.at]);

  if (!running || !step) return null;
  const last = running.at === TOUR_STEPS.length - 1;
  const key = `tour.${running.kind}.${step.step}`;
  return (
    <section
      className="tour"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="tour"
      data-kind={running.kind}
      data-step={step.step}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          endTour();
        }
      }}
    >
      <p className="tour__count">{t('tour.count', { step: running.at + 1, total: TOUR_STEPS.length })}</p>
      <h2 id={titleId} className="tour__title">
        {t(`${key}_title`)}
      </h2>
      <p className="tour__text">{t(key)}</p>
      <div className="tour__buttons">
        <button type="button" className="button button--ghost button--small" onClick={endTour} data-testid="tour-skip">
          {t('tour.skip')}
        </button>
        {running.at > 0 && (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => moveTour(-1)}
            data-testid="tour-back"
          >
            {t('tour.back')}
          </button>
        )}
        <button
          ref={next}
          type="button"
          className="button button--primary button--small"
          onClick={() => moveTour(1)}
          data-testid="tour-next"
        >
          {t(last ? 'tour.done' : 'tour.next')}
        </button>
      </div>
    </section>
  );
}
