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

const escape = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

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

/** Removals (last first, so indices hold), in-place diffs, then appends; null when the order changed. */
const diffStream = (
  prev: unknown[],
  next: unknown[],
  path: string,
  ops: Operation[],
  keyOf: (item: Record<string, unknown>) => unknown,
): Operation[] | null => {
  const key = (item: unknown) => (isObject(item) ? keyOf(item) : undefined);
  const nextKeys = new Set(next.map(key));
  const kept: number[] = [];
  prev.forEach((item, i) => {
    if (nextKeys.has(key(item))) kept.push(i);
  });
  if (kept.length > next.length || kept.some((from, to) => key(prev[from]) !== key(next[to]))) return null;
  const out: Operation[] = [];
  for (let i = prev.length - 1; i >= 0; i--)
    if (!nextKeys.has(key(prev[i]))) out.push({ op: 'remove', path: `${path}/${i}` });
  kept.forEach((from, to) => diffJson(prev[from], next[to], `${path}/${to}`, out));
  for (let i = kept.length; i < next.length; i++) out.push({ op: 'add', path: `${path}/${i}`, value: next[i] });
  ops.push(...out);
  return ops;
};

/**
 * RFC 6902 operations turning `prev` into `next`. Arrays are compared position by position (seats
 * keep their index), which is one linear pass: general array diffs cost far more per update than
 * applying the intent itself (see bench/); the append-only lists above are compared by key.
 */
export const diffJson = (prev: unknown, next: unknown, path = '', ops: Operation[] = []): Operation[] => {
  if (prev === next) return ops;
  const stream = STREAMS[path];
  if (stream && Array.isArray(prev) && Array.isArray(next) && diffStream(prev, next, path, ops, stream)) return ops;
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
