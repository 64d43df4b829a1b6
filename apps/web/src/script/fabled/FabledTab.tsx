import type { Role, SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { openGameDialog } from '../../session/gameUiStore';
import { MIN_DISTRIBUTION_PLAYERS, bagSeats } from '../../characters/distributionPick';
import { RoleToken } from '../../ui/tokens/RoleToken';
import { isViewerStoryteller } from '../../session/sessionRules';
import { useIsPending } from '../../session/sessionStore';
import { editionRoles, withOwnTexts } from '../sheet/sheetData';
import { clearGhostVotes, removeFabled } from './fabledActions';
import {
  canRemoveFabled,
  fabledAbilities,
  isScriptJinxed,
  votelessSeats,
  type FabledAbility,
  type FabledContext,
} from './fabledRules';
import { openFabledDialog } from './fabledStore';
import { FloatingPanel } from '../../ui/FloatingPanel';
import { useRoleText } from '../../characters/contentTexts';

export const fabledContext = (view: SessionView): FabledContext => ({
  editionId: view.edition.id,
  jinxed: isScriptJinxed(editionRoles(view)),
  inPlay: view.fabled.map((f) => f.id),
});

/**
 * Spec 3 §2 / §4: the fabled tab, shown only while fabled are in play: each with its ability; the
 * Storyteller removes them (not the ones the script requires) and uses their abilities.
 */
export function FabledTab({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const storyteller = isViewerStoryteller(view);
  if (view.fabled.length === 0) return null;
  const context = fabledContext(view);
  return (
    <FloatingPanel
      panelKey="fabled"
      label={t('fabled.tab')}
      className="fabled-tab"
      testId="fabled-tab"
      actions={
        storyteller ? (
          <button
            type="button"
            className="floating-panel__button"
            onClick={() => openFabledDialog({ kind: 'fabled' })}
            aria-label={t('fabled.add')}
            title={t('fabled.add')}
            data-testid="fabled-tab-add"
          >
            +
          </button>
        ) : null
      }
    >
      <ul className="fabled-list">
        {view.fabled.map((fabled) => (
          <FabledCard
            key={fabled.id}
            view={view}
            role={withOwnTexts(fabled)}
            removable={canRemoveFabled(fabled.id, context, storyteller)}
            storyteller={storyteller}
          />
        ))}
      </ul>
    </FloatingPanel>
  );
}

function FabledCard({
  view,
  role,
  removable,
  storyteller,
}: {
  view: SessionView;
  role: Role;
  removable: boolean;
  storyteller: boolean;
}) {
  const { t } = useTranslation();
  const pending = useIsPending(`fabled-${role.id}`);
  const shown = useRoleText().role(role);
  return (
    <li className="fabled-card" title={shown.ability} data-testid={`fabled-token-${role.id}`}>
      <span className="fabled-card__token">
        <RoleToken role={role} />
      </span>
      <div className="fabled-card__text">
        <span className="fabled-card__name">{shown.name}</span>
        {shown.ability && <span className="fabled-card__ability">{shown.ability}</span>}
        {storyteller && (
          <span className="fabled-card__buttons">
            {fabledAbilities(role).map((ability) => (
              <AbilityButton key={ability} view={view} role={role} ability={ability} />
            ))}
            {removable && (
              <button
                type="button"
                className="button button--tiny button--ghost"
                onClick={() => void removeFabled(role.id)}
                disabled={pending}
                data-testid={`fabled-remove-${role.id}`}
              >
                {t('fabled.remove')}
              </button>
            )}
          </span>
        )}
      </div>
    </li>
  );
}

const ABILITY_LABELS: Record<FabledAbility, string> = {
  'distribute-roles': 'fabled.ability.distribute_roles',
  'ghost-votes': 'fabled.ability.ghost_votes',
  pointing: 'fabled.ability.pointing',
};

/** Spec 3 §4 Fabled abilities: distribute roles, clear ghost votes, pointing. */
function AbilityButton({ view, role, ability }: { view: SessionView; role: Role; ability: FabledAbility }) {
  const { t } = useTranslation();
  let reason: string | null = null;
  let run: () => void = () => undefined;
  switch (ability) {
    case 'distribute-roles':
      reason =
        bagSeats(view.seats).length < MIN_DISTRIBUTION_PLAYERS
          ? t('game.menu.hand_out_min', { count: MIN_DISTRIBUTION_PLAYERS })
          : null;
      run = () => openGameDialog({ kind: 'hand-out' });
      break;
    case 'ghost-votes':
      reason = votelessSeats(view.seats).length === 0 ? t('fabled.ability.no_ghost_votes') : null;
      run = () => void clearGhostVotes(view.seats);
      break;
    case 'pointing':
      reason = view.pointing
        ? t('game.menu.pointing_active')
        : view.vote.nomination
          ? t('game.menu.night_nomination')
          : null;
      run = () => openGameDialog({ kind: 'pointing' });
      break;
  }
  return (
    <button
      type="button"
      className="button button--tiny button--secondary"
      onClick={run}
      disabled={reason !== null}
      title={reason ?? undefined}
      data-testid={`fabled-ability-${role.id}-${ability}`}
    >
      {t(ABILITY_LABELS[ability])}
    </button>
  );
}
