import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { knowledgeByRules, knowledgeOf } from './knowledge';
import { arbState, USERS } from './noninterference/states';

describe('a viewer’s row (issue 16: gathered once per state)', () => {
  it('is what the rules say of that viewer, in every state', () => {
    fc.assert(
      fc.property(arbState, (state) => {
        for (const id of [...USERS, '', 'nobody']) expect(knowledgeOf(state, id)).toEqual(knowledgeByRules(state, id));
      }),
      { numRuns: 300 },
    );
  });
});
