import { stepOf } from '@belfry/engine';
import { applyPatch, type Operation } from 'rfc6902';

/**
 * A per-viewer update: apply `ops` to the view numbered `from` to get the view numbered `to`. The
 * server numbers each socket's views itself (only changes that viewer can see count), so the number is
 * carried here, not as an operation.
 */
export interface ViewPatch {
  from: number;
  to: number;
  ops: Operation[];
}

const NEEDS_ESCAPE = /[~/]/;
const escape = (key: string): string => (NEEDS_ESCAPE.test(key) ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The append-only lists of a view (chat, signals, the histories), by the key that names an item. New
 * items come at the end, old ones leave from anywhere (the cap, expiry, the day's clearing), and an item
 * may change in place (a signal's seen replies): diffed by key, a new message costs one `add` however
 * many are kept, instead of shifting every position after the first one dropped.
 */
const STREAMS: Readonly<Record<string, (item: Record<string, unknown>) => unknown>> = {
  '/chat/messages': (m) => m.msgId,
  '/chat/signals': (s) => s.id,
  '/game/history': (e) => e.id,
  '/vote/history': (e) => e.timestamp,
};

/**
 * The usual change of a stream: `dropped` items left from the front, the rest kept in order (most of
 * them the very same objects), new ones appended. Found with identity and key comparisons alone, no
 * allocation: one pass however many items are kept. Null when the change is of another kind.
 */
const shiftedStream = (
  prev: unknown[],
  next: unknown[],
  path: string,
  ops: Operation[],
  key: (item: unknown) => unknown,
  memo: DiffMemo | undefined,
): Operation[] | null => {
  let dropped = 0;
  if (next.length > 0) {
    const first = next[0];
    const firstKey = key(first);
    while (dropped < prev.length && prev[dropped] !== first && key(prev[dropped]) !== firstKey) dropped++;
  } else dropped = prev.length;
  const kept = prev.length - dropped;
  if (kept > next.length) return null;
  for (let i = 0; i < kept; i++) {
    const before = prev[dropped + i];
    if (before !== next[i] && key(before) !== key(next[i])) return null;
  }
  for (let i = dropped - 1; i >= 0; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
  for (let i = 0; i < kept; i++) {
    if (prev[dropped + i] !== next[i]) diffJson(prev[dropped + i], next[i], `${path}/${i}`, ops, memo);
  }
  for (let i = kept; i < next.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: next[i] });
  return ops;
};

/** A list whose maker recorded how it was made from `prev` (engine listSteps.ts): no comparison at all. */
const steppedStream = (prev: unknown[], next: unknown[], path: string, ops: Operation[]): Operation[] | null => {
  const step = stepOf(next);
  if (!step || step.from !== prev) return null;
  if (step.removed >= 0) ops.push({ op: 'remove', path: `${path}/${step.removed}` });
  for (let i = prev.length - (step.removed >= 0 ? 1 : 0); i < next.length; i++) {
    ops.push({ op: 'add', path: `${path}/${i}`, value: next[i] });
  }
  return ops;
};

/** Removals (last first, so indices hold), in-place diffs, then appends; null when the order changed. */
const diffStream = (
  prev: unknown[],
  next: unknown[],
  path: string,
  ops: Operation[],
  keyOf: (item: Record<string, unknown>) => unknown,
  memo: DiffMemo | undefined,
): Operation[] | null => {
  if (steppedStream(prev, next, path, ops)) return ops;
  const key = (item: unknown) => (isObject(item) ? keyOf(item) : undefined);
  if (shiftedStream(prev, next, path, ops, key, memo)) return ops;
  const nextKeys = new Set(next.map(key));
  const kept: number[] = [];
  prev.forEach((item, i) => {
    if (nextKeys.has(key(item))) kept.push(i);
  });
  if (kept.length > next.length || kept.some((from, to) => key(prev[from]) !== key(next[to]))) return null;
  const out: Operation[] = [];
  for (let i = prev.length - 1; i >= 0; i--)
    if (!nextKeys.has(key(prev[i]))) out.push({ op: 'remove', path: `${path}/${i}` });
  kept.forEach((from, to) => diffJson(prev[from], next[to], `${path}/${to}`, out, memo));
  for (let i = kept.length; i < next.length; i++) out.push({ op: 'add', path: `${path}/${i}`, value: next[i] });
  ops.push(...out);
  return ops;
};

/**
 * The operations already made for pairs of objects in one round of diffs, by the earlier object: the
 * views of one change share most of their objects (engine view.ts keeps a part's identity for every
 * viewer who sees it alike), so a pair is compared once and its operations serve every viewer. (An
 * object met again with another partner or path is compared again, not kept.)
 */
export type DiffMemo = Map<unknown, { next: unknown; path: string; ops: Operation[] }>;

/**
 * RFC 6902 operations turning `prev` into `next`. Arrays are compared position by position (seats
 * keep their index), which is one linear pass: general array diffs cost far more per update than
 * applying the intent itself (see bench/); the append-only lists above are compared by key. With a
 * `memo`, a pair of objects met before at the same path adds the operations found then (shared, so
 * nobody may change them).
 */
export const diffJson = (
  prev: unknown,
  next: unknown,
  path = '',
  ops: Operation[] = [],
  memo?: DiffMemo,
): Operation[] => {
  if (prev === next) return ops;
  if (memo && typeof prev === 'object' && prev !== null && typeof next === 'object' && next !== null) {
    const known = memo.get(prev);
    let done: Operation[];
    if (known && known.next === next && known.path === path) done = known.ops;
    else {
      done = diffValues(prev, next, path, [], memo);
      if (!known) memo.set(prev, { next, path, ops: done });
    }
    for (const op of done) ops.push(op);
    return ops;
  }
  return diffValues(prev, next, path, ops, memo);
};

/**
 * The own keys of `prev` when `next` has the same ones in the same order (two views or parts made by
 * one builder, the usual case), else null.
 */
const sharedKeys = (prev: Record<string, unknown>, next: Record<string, unknown>): string[] | null => {
  const keys = Object.keys(prev);
  const others = Object.keys(next);
  if (keys.length !== others.length) return null;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== others[i]) return null;
  return keys;
};

const diffValues = (
  prev: unknown,
  next: unknown,
  path: string,
  ops: Operation[],
  memo: DiffMemo | undefined,
): Operation[] => {
  const stream = STREAMS[path];
  if (stream && Array.isArray(prev) && Array.isArray(next) && diffStream(prev, next, path, ops, stream, memo)) {
    return ops;
  }
  // Paths are made only for values that differ: most of a view's parts are the very same objects.
  if (Array.isArray(prev) && Array.isArray(next)) {
    const common = Math.min(prev.length, next.length);
    for (let i = 0; i < common; i++) if (prev[i] !== next[i]) diffJson(prev[i], next[i], `${path}/${i}`, ops, memo);
    for (let i = prev.length - 1; i >= next.length; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
    for (let i = prev.length; i < next.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: next[i] });
    return ops;
  }
  if (isObject(prev) && isObject(next)) {
    // One pass over the keys both have: an undefined value is no key in JSON, so it adds or removes.
    const keys = sharedKeys(prev, next);
    if (keys) {
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const before = prev[key];
        const after = next[key];
        if (before === after) continue;
        if (after === undefined) ops.push({ op: 'remove', path: `${path}/${escape(key)}` });
        else if (before === undefined) ops.push({ op: 'add', path: `${path}/${escape(key)}`, value: after });
        else diffJson(before, after, `${path}/${escape(key)}`, ops, memo);
      }
      return ops;
    }
    for (const key in prev) {
      if (!Object.hasOwn(prev, key)) continue;
      const after = Object.hasOwn(next, key) ? next[key] : undefined;
      const before = prev[key];
      // An undefined value is no key in JSON: the loop below adds it.
      if (before === after || before === undefined) continue;
      if (after === undefined) ops.push({ op: 'remove', path: `${path}/${escape(key)}` });
      else diffJson(before, after, `${path}/${escape(key)}`, ops, memo);
    }
    for (const key in next) {
      if (!Object.hasOwn(next, key)) continue;
      const after = next[key];
      if (after !== undefined && (!Object.hasOwn(prev, key) || prev[key] === undefined)) {
        ops.push({ op: 'add', path: `${path}/${escape(key)}`, value: after });
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

/**
 * Applies a patch to a copy and gives it the patch's number (`version`, when the view has one);
 * returns null when any operation fails (the caller then asks for a full view).
 */
export const patchView = <T>(current: T, patch: ViewPatch): T | null => {
  const [first] = patch.ops;
  let next: T;
  if (patch.ops.length === 1 && first?.op === 'replace' && first.path === '') {
    // A whole-document replacement cannot be applied in place.
    next = structuredClone(first.value as T);
  } else {
    next = structuredClone(current);
    if (!applyPatch(next, patch.ops).every((r) => r === null)) return null;
  }
  if (isObject(next) && 'version' in next) (next as Record<string, unknown>).version = patch.to;
  return next;
};
