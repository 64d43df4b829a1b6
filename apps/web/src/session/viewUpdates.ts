import type { SessionView } from '@belfry/engine';
import { patchView, type ViewPatch } from '@belfry/protocol';

export type PatchOutcome =
  | { kind: 'applied'; view: SessionView }
  /** Already contained in the view held (e.g. it arrived after a fresh full view). */
  | { kind: 'ignored' }
  /** A version gap or a patch that does not fit: ask for the full view (getGamestate). */
  | { kind: 'resync' };

/** A patch applies only to the exact version it was made from (API.md). */
export const applyIncomingPatch = (view: SessionView | null, patch: ViewPatch): PatchOutcome => {
  if (!view) return { kind: 'resync' };
  if (patch.to <= view.version) return { kind: 'ignored' };
  if (patch.from !== view.version) return { kind: 'resync' };
  const next = patchView(view, patch);
  return next ? { kind: 'applied', view: next } : { kind: 'resync' };
};
