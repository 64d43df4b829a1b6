import type { HookName } from '@belfry/engine';
import type { GrimoireMode } from '../session/gameUiStore';

/** What fills the centre of the circle. */
export type CentreOverlay =
  'hook' | 'firstnight' | 'gather' | 'rules' | 'pointing' | 'reveal' | 'vote' | 'night-action' | 'town-info';

export interface OverlayInput {
  hook: HookName | null;
  mode: GrimoireMode;
  isStoryteller: boolean;
  isPointing: boolean;
  hasNomination: boolean;
  hasNightAction: boolean;
}

/**
 * Spec 1 §2 "Overlays in priority order": attention gong (when a hook is active); first night,
 * gather players and rules (Storyteller, by mode); pointing; reveal; vote (when a nomination
 * exists); night action; otherwise town info. The reveal has its own overlay, so the hook overlay
 * is for the other hooks (attention gong, distribute roles, receive role).
 */
export const centreOverlay = (input: OverlayInput): CentreOverlay => {
  if (input.hook && input.hook !== 'reveal-grimoire') return 'hook';
  if (input.isStoryteller && input.mode !== 'grimoire') return input.mode;
  if (input.isPointing) return 'pointing';
  if (input.hook === 'reveal-grimoire') return 'reveal';
  if (input.hasNomination) return 'vote';
  if (input.hasNightAction) return 'night-action';
  return 'town-info';
};
