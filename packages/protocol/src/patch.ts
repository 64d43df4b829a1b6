import { applyPatch, type Operation } from 'rfc6902';

/** A per-viewer update: apply `ops` to the view at version `from` to get version `to`. */
export interface ViewPatch {
  from: number;
  to: number;
  ops: Operation[];
}

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * RFC 6902 operations turning `prev` into `next`. Arrays are compared position by position (seats
 * keep their index), which is one linear pass: general array diffs cost far more per update than
 * applying the intent itself (see bench/).
 */
export const diffJson = (prev: unknown, next: unknown, path = '', ops: Operation[] = []): Operation[] => {
  if (prev === next) return ops;
  if (Array.isArray(prev) && Array.isArray(next)) {
    const common = Math.min(prev.length, next.length);
    for (let i = 0; i < common; i++) diffJson(prev[i], next[i], `${path}/${i}`, ops);
    for (let i = prev.length - 1; i >= next.length; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
    for (let i = prev.length; i < next.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: next[i] });
    return ops;
  }
  if (isObject(prev) && isObject(next)) {
    for (const key of Object.keys(prev)) {
      if (!(key in next) || next[key] === undefined) {
        if (prev[key] !== undefined) ops.push({ op: 'remove', path: `${path}/${escape(key)}` });
      } else diffJson(prev[key], next[key], `${path}/${escape(key)}`, ops);
    }
    for (const key of Object.keys(next)) {
      if (next[key] !== undefined && (!(key in prev) || prev[key] === undefined)) {
        ops.push({ op: 'add', path: `${path}/${escape(key)}`, value: next[key] });
      }
    }
    return ops;
  }
  if (typeof prev === 'number' && typeof next === 'number' && Number.isNaN(prev) && Number.isNaN(next)) return ops;
  ops.push({ op: 'replace', path, value: next });
  return ops;
};

export const diffViews = (from: number, to: number, prev: unknown, next: unknown): ViewPatch => ({
  from,
  to,
  ops: diffJson(prev, next),
});

/** Applies a patch to a copy; returns null when any operation fails (the caller then asks for a full view). */
export const patchView = <T>(current: T, patch: ViewPatch): T | null => {
  const [first] = patch.ops;
  // A whole-document replacement cannot be applied in place.
  if (patch.ops.length === 1 && first?.op === 'replace' && first.path === '') return structuredClone(first.value as T);
  const copy = structuredClone(current);
  const results = applyPatch(copy, patch.ops);
  return results.every((r) => r === null) ? copy : null;
};
