import type { SessionView } from '@belfry/engine';

/** Spec 1 §2: a night backdrop shows at night and during the grimoire reveal. */
export const showsNightBackdrop = (view: Pick<SessionView, 'game' | 'hook'>): boolean =>
  view.game.isNight || view.hook?.name === 'reveal-grimoire';

export function NightBackdrop({ view }: { view: SessionView }) {
  const on = showsNightBackdrop(view);
  return (
    <div
      className={`night-backdrop ${on ? 'night-backdrop--on' : ''} ${view.hook?.name === 'reveal-grimoire' ? 'night-backdrop--reveal' : ''}`}
      data-testid={on ? 'night-backdrop' : undefined}
      aria-hidden="true"
    >
      <span className="night-backdrop__stars" />
      <span className="night-backdrop__stars night-backdrop__stars--far" />
      <span className="night-backdrop__moon" />
    </div>
  );
}
