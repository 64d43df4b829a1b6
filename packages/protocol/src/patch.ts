import { applyPatch, createPatch, type Operation } from 'rfc6902';

/** A per-viewer update: apply `ops` to the view at version `from` to get version `to`. */
export interface ViewPatch {
  from: number;
  to: number;
  ops: Operation[];
}

export const diffViews = (from: number, to: number, prev: unknown, next: unknown): ViewPatch => ({
  from,
  to,
  ops: createPatch(prev, next),
});

/** Applies a patch to a copy; returns null when any operation fails (the caller then asks for a full view). */
export const patchView = <T>(current: T, patch: ViewPatch): T | null => {
  const copy = structuredClone(current);
  const results = applyPatch(copy, patch.ops);
  return results.every((r) => r === null) ? copy : null;
};
