import { expect, it } from 'vitest';
import { distributionFor } from './distribution';

it('follows the spec table for 5 to 15 non-travellers, and is unknown outside it', () => {
  const rows = Array.from({ length: 11 }, (_, i) => {
    const d = distributionFor(i + 5)!;
    return `${i + 5}: ${d.townsfolk}/${d.outsider}/${d.minion}/${d.demon}`;
  });
  expect(rows).toEqual([
    '5: 3/0/1/1',
    '6: 3/1/1/1',
    '7: 5/0/1/1',
    '8: 5/1/1/1',
    '9: 5/2/1/1',
    '10: 7/0/2/1',
    '11: 7/1/2/1',
    '12: 7/2/2/1',
    '13: 9/0/3/1',
    '14: 9/1/3/1',
    '15: 9/2/3/1',
  ]);
  expect(distributionFor(4)).toBeNull();
  expect(distributionFor(16)).toBeNull();
});
