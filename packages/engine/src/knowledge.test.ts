import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { knowledgeByRules, knowledgeOf } from './knowledge';
import { arbState, USERS } from './noninterference/states';
import { ALICE, ok, ST, T0, tableWith } from './testing';

describe('a viewer’s row (issue 16: gathered once per seating)', () => {
  it('is what the rules say of that viewer, in every state', () => {
    fc.assert(
      fc.property(arbState, (state) => {
        for (const id of [...USERS, '', 'nobody']) expect(knowledgeOf(state, id)).toEqual(knowledgeByRules(state, id));
      }),
      { numRuns: 300 },
    );
  });

  it('follows the storytellers when a change leaves the seats the same objects', () => {
    let s = ok(apply(tableWith(3), { type: 'claimSeat', index: 0 }, ALICE, T0));
    expect(knowledgeOf(s, 'bob').storyteller).toBe(false);
    s = ok(apply(s, { type: 'addStoryteller', id: 'bob' }, ST, T0 + 1));
    expect(knowledgeOf(s, 'bob')).toMatchObject({ storyteller: true, grimoire: true, role: 'storyteller' });
    const seats = s.seats;
    s = ok(apply(s, { type: 'removeStoryteller', id: 'bob' }, ST, T0 + 2));
    expect(s.seats).toBe(seats);
    for (const id of ['st', 'alice', 'bob']) expect(knowledgeOf(s, id)).toEqual(knowledgeByRules(s, id));
    expect(knowledgeOf(s, 'bob').storyteller).toBe(false);
  });
});
