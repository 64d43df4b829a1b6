import type { ViewPatch } from '@belfry/protocol';

type Operation = ViewPatch['ops'][number];

const MESSAGES = '/chat/messages/';

/**
 * The clients of one session (on one client thread) hold their chat messages as the same objects: 16
 * browsers each hold their own, but 8,000 views of 500 messages each, one copy per client, made the
 * load generator's heap a gigabyte and its garbage collection stop it for 400 ms at a time, which
 * enters the latencies it measures. Each message is kept once, by id (a whisper reaches those it
 * does not concern as its envelope: the two are kept apart), and copied when a patch changes
 * something inside it.
 */
export class SharedMessages {
  private byKey = new Map<string, unknown>();

  intern(value: unknown): unknown {
    if (!isContainer(value) || Array.isArray(value) || typeof value.msgId !== 'string') return value;
    const key = `${value.msgId}|${value.redacted === true}`;
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    this.byKey.set(key, value);
    return value;
  }
}

const ownCopy = (root: unknown, index: number) => {
  const messages =
    isContainer(root) && !Array.isArray(root)
      ? (root.chat as { messages?: unknown[] } | undefined)?.messages
      : undefined;
  if (Array.isArray(messages) && isContainer(messages[index])) messages[index] = structuredClone(messages[index]);
};

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
export const applyInPlace = (doc: unknown, ops: readonly Operation[], shared?: SharedMessages): unknown => {
  let root = doc;
  for (const op of ops) {
    if (shared && op.path.startsWith(MESSAGES)) {
      const rest = op.path.slice(MESSAGES.length);
      const slash = rest.indexOf('/');
      if (slash < 0 && (op.op === 'add' || op.op === 'replace')) op.value = shared.intern(op.value);
      // A change inside a shared message is made on this client's own copy.
      else if (slash > 0) ownCopy(root, Number(rest.slice(0, slash)));
    }
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
