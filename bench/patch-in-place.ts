import type { ViewPatch } from '@belfry/protocol';

type Operation = ViewPatch['ops'][number];

const decode = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === 'object' && value !== null;

/**
 * Applies RFC 6902 `add`, `remove` and `replace` (all the server's diff makes) to `doc` itself and
 * returns the document (a new one only when the whole of it is replaced), or null when an operation
 * does not fit it; the caller then asks for a full view, as after a failed patchView.
 *
 * patchView (@belfry/protocol, what the web app uses) copies the view first, because React needs a
 * new object for every change. One browser copies one view; a client thread holding thousands of
 * views would spend most of its time copying, and the load generator, not the server, would set the
 * figures. The view that results is the same.
 */
export const applyInPlace = (doc: unknown, ops: readonly Operation[]): unknown => {
  let root = doc;
  for (const op of ops) {
    if (op.op !== 'add' && op.op !== 'remove' && op.op !== 'replace') return null;
    if (op.path === '') {
      if (op.op === 'remove') return null;
      root = op.value;
      continue;
    }
    const tokens = op.path.slice(1).split('/').map(decode);
    const last = tokens.pop() ?? '';
    let parent: unknown = root;
    for (const token of tokens) {
      if (!isContainer(parent)) return null;
      parent = Array.isArray(parent) ? parent[Number(token)] : parent[token];
    }
    if (!isContainer(parent)) return null;
    if (Array.isArray(parent)) {
      const index = last === '-' && op.op === 'add' ? parent.length : Number(last);
      if (!Number.isInteger(index) || index < 0 || index > parent.length) return null;
      if (op.op !== 'add' && index === parent.length) return null;
      if (op.op === 'add') parent.splice(index, 0, op.value);
      else if (op.op === 'remove') parent.splice(index, 1);
      else parent[index] = op.value;
    } else {
      if (op.op !== 'add' && !Object.hasOwn(parent, last)) return null;
      if (op.op === 'remove') delete parent[last];
      else parent[last] = op.value;
    }
  }
  return root;
};
