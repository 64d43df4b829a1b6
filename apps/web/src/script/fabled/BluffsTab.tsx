import type { SessionView } from '@belfry/engine';
import { useTranslation } from 'react-i18next';
import { RoleToken } from '../../ui/tokens/RoleToken';
import { isViewerStoryteller } from '../../session/sessionRules';
import { usePlayerSettings } from '../sheet/playerSettings';
import { withOwnTexts } from '../sheet/sheetData';
import { BLUFF_COUNT, bluffsVisible } from './fabledRules';
import { openFabledDialog } from './fabledStore';
import { FloatingPanel } from '../../ui/FloatingPanel';
import { useRoleText } from '../../characters/contentTexts';

/**
 * Spec 3 §2 / §4: the bluffs tab, three tokens. The Storyteller picks each with the bluff picker;
 * everyone else sees what the server sent them (it leaves out bluffs a viewer may not see).
 */
export function BluffsTab({ view }: { view: SessionView }) {
  const { t } = useTranslation();
  const roleText = useRoleText();
  const playerBluffs = usePlayerSettings((state) => state.isPlayerBluffs);
  if (!bluffsVisible(view, playerBluffs)) return null;
  const storyteller = isViewerStoryteller(view);
  return (
    <FloatingPanel panelKey="bluffs" label={t('fabled.bluffs.tab')} className="bluffs-tab" testId="bluffs-tab">
      <ul className="bluff-slots">
        {Array.from({ length: BLUFF_COUNT }, (_, slot) => {
          const bluff = view.bluffs[slot] ?? null;
          const role = bluff ? roleText.role(withOwnTexts(bluff)) : null;
          const content = role ? (
            <RoleToken role={role} />
          ) : (
            <span className="bluff-slot__empty" aria-hidden="true">
              ?
            </span>
          );
          const label = role
            ? t('fabled.bluffs.slot', { number: slot + 1, name: role.name })
            : t('fabled.bluffs.slot_empty', { number: slot + 1 });
          return (
            <li key={slot} className="bluff-slot" data-testid={`bluff-slot-${slot}`} data-role={role?.id ?? ''}>
              {storyteller ? (
                <button
                  type="button"
                  className="bluff-slot__token"
                  onClick={() => openFabledDialog({ kind: 'bluff', slot })}
                  aria-label={t('fabled.bluffs.choose', { number: slot + 1 })}
                  title={role?.ability ?? t('fabled.bluffs.choose', { number: slot + 1 })}
                >
                  {content}
                </button>
              ) : (
                <span className="bluff-slot__token" title={role?.ability ?? label} aria-label={label} role="img">
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </FloatingPanel>
  );
}
