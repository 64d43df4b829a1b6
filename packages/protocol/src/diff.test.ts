import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DiffMemo, diffJson, diffViews, patchView } from './patch';

/** What a client holds or receives: the value as JSON carries it (undefined keys gone, in arrays null). */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const KEYS = ['a', 'b', 'c/d', 'e~f'] as const;
const leaf = fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.boolean(), fc.constant(null));

/**
 * Objects over a few keys, each present or not and possibly undefined (as the engine's views have
 * them), so that two objects often have the same keys in the same order, and often not.
 */
const { value } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('object'), tie('array')),
  object: fc.record(Object.fromEntries(KEYS.map((key) => [key, fc.option(tie('value'), { nil: undefined })])), {
    requiredKeys: [],
  }),
  array: fc.array(tie('value'), { maxLength: 4 }),
}));

/** A value and one made from it by changing, removing or emptying a key at its top, or another value. */
const pair = fc.oneof(
  fc.tuple(value, value),
  fc
    .tuple(
      fc.record(Object.fromEntries(KEYS.map((key) => [key, fc.option(value, { nil: undefined })]))),
      fc.constantFrom(...KEYS),
      fc.option(value, { nil: undefined }),
    )
    .map(([before, key, changed]) => [before, { ...before, [key]: changed }] as const),
);

describe('diffJson against JSON Patch (issue 16: views diffed key by key)', () => {
  it('the patch turns the JSON of one value into the JSON of the other, with and without a memo', () => {
    fc.assert(
      fc.property(pair, ([before, after]) => {
        const ops = diffViews(1, 2, before, after).ops;
        expect(patchView(wire(before), { from: 1, to: 2, ops: wire(ops) })).toEqual(wire(after));
        const memo: DiffMemo = new Map();
        expect(wire(diffJson(before, after, '', [], memo))).toEqual(wire(ops));
      }),
      { numRuns: 2000 },
    );
  });

  it('keys both objects have in the same order: an undefined value turning into one adds it, the reverse removes it', () => {
    expect(diffJson({ a: 1, b: undefined }, { a: 1, b: 2 })).toEqual([{ op: 'add', path: '/b', value: 2 }]);
    expect(diffJson({ a: 1, b: 2 }, { a: 1, b: undefined })).toEqual([{ op: 'remove', path: '/b' }]);
    expect(diffJson({ a: undefined, b: 2 }, { a: undefined, b: 2 })).toEqual([]);
    expect(diffJson({ 'c/d': { x: 1 } }, { 'c/d': { x: 2 } })).toEqual([{ op: 'replace', path: '/c~1d/x', value: 2 }]);
  });
});
