import type { SessionView } from '@belfry/engine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { editionRoles, nightOrder, useNightOrderStore } from '../script';
import { toggleNight } from '../session/gameActions';
import { toggleMode } from '../session/gameUiStore';
import { useRoleText } from '../characters/contentTexts';

/**
 * Spec 1 §2 first-night overlay (Storyteller, mode firstnight): the first night as a checklist, the
 * dusk, minion and demon info, the characters in play that wake, in their order, and the dawn; a
 * step is ticked off with a click. The First night tab opens beside it (src/sheet) with the details.
 */
export function FirstNightOverlay({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const roleText = useRoleText();
  const toggles = useNightOrderStore((state) => state.toggles);
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const steps = nightOrder(
    { roles: editionRoles(view), seats: view.seats, fabled: view.fabled, toggles },
    'first',
  ).filter((entry) => entry.marker || (entry.visible && entry.players.length > 0));
  const nameOf = (index: number, id: string) =>
    (id ? view.users[id]?.username : undefined) ||
    view.seats[index]?.name ||
    t('nightorder.seat', { number: index + 1 });
  const flip = (key: string) =>
    setDone((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <section className="overlay overlay--first-night" data-testid="first-night-overlay">
      <h2 className="overlay__title">{t('game.first_night.title')}</h2>
      <p className="overlay__text overlay__text--small">{t('game.first_night.text')}</p>
      <ol className="first-night__steps">
        {steps.map((entry) => (
          <li key={entry.key}>
            <button
              type="button"
              className={`first-night__step ${done.has(entry.key) ? 'first-night__step--done' : ''}`}
              aria-pressed={done.has(entry.key)}
              onClick={() => flip(entry.key)}
              data-testid={`first-night-step-${entry.marker ?? entry.role?.id}`}
            >
              <span className="first-night__name">
                {entry.marker ? t(`nightorder.marker.${entry.marker}`) : roleText.role(entry.role)?.name}
              </span>
              {entry.players.length > 0 && (
                <span className="first-night__players">
                  {entry.players.map((player) => nameOf(player.index, player.id)).join(', ')}
                </span>
              )}
            </button>
          </li>
        ))}
      </ol>
      <div className="overlay__buttons">
        {!view.game.isNight && (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => void toggleNight()}
            data-testid="first-night-to-night"
          >
            {t('game.menu.to_night')}
          </button>
        )}
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => toggleMode('firstnight')}
          data-testid="first-night-close"
        >
          {t('game.gather.done')}
        </button>
      </div>
    </section>
  );
}
