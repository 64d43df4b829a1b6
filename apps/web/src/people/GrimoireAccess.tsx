import type { SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { GrimoireIcon } from '../ui/icons/InlineIcons';
import { pendingGrimoireRequests } from '../session/sessionRules';
import { showUsersList } from './usersListFocus';

/**
 * Spec 1 §2 top bar, grimoire access: a spectator who was granted access sees a badge; the
 * Storyteller sees a blinking count of pending requests, which opens the users list.
 */
export function GrimoireAccessIndicator({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  if (view.viewer.role === 'storyteller') {
    const count = pendingGrimoireRequests(view).length;
    if (count === 0) return null;
    return (
      <button
        type="button"
        className="grim-requests"
        onClick={showUsersList}
        aria-label={t('grimoire.access.requests_label', { count })}
        data-testid="grimoire-requests"
        data-count={count}
      >
        <GrimoireIcon />
        <span className="grim-requests__count" aria-hidden="true">
          {count}
        </span>
      </button>
    );
  }
  if (view.viewer.grimoireAccess && view.viewer.role === 'spectator') {
    return (
      <span className="grim-badge" title={t('grimoire.access.badge_hint')} data-testid="grimoire-badge">
        <GrimoireIcon />
        {t('grimoire.access.badge')}
      </span>
    );
  }
  return null;
}
