/**
 * How a list of the state or of a view (messages, the signals of a viewer) was made from the list
 * before it: at most one item left (`removed`, its index in `from`), the others kept in order, new
 * items appended. The maker of a list records it, and the server's diff (protocol patch.ts) turns it
 * into an `add` and perhaps a `remove` without comparing the lists item by item: with 500 messages
 * kept, that comparison was a pass over 500 objects on every change.
 */
export interface ListStep {
  from: readonly unknown[];
  /** The index in `from` of the item that left, or -1. */
  removed: number;
}

const steps = new WeakMap<readonly unknown[], ListStep>();

/**
 * Records that `next` is `from` less the item at `removed` (-1: none), with items appended, and
 * forgets how `from` was made: a diff only ever asks one step back (from the list a viewer was last
 * sent), and a kept step holds its `from` alive, so each list would keep every list before it, a whole
 * copy of up to 500 entries per message or expiry since the session began.
 */
export const madeFrom = (next: readonly unknown[], from: readonly unknown[], removed: number): void => {
  steps.set(next, { from, removed });
  steps.delete(from);
};

export const stepOf = (list: readonly unknown[]): ListStep | undefined => steps.get(list);
