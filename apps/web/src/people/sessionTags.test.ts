import { describe, expect, it } from 'vitest';
import { cycleTag, notableTags, tagShortKey, tagValue, tagValueKey } from './sessionTags';

describe('tag cycling (spec 2 §4: 0 → 1 → 2 → 0 on click)', () => {
  it('cycles', () => {
    expect(cycleTag(0)).toBe(1);
    expect(cycleTag(1)).toBe(2);
    expect(cycleTag(2)).toBe(0);
    expect(cycleTag(cycleTag(cycleTag(0)))).toBe(0);
  });

  it('reads odd values as 0', () => {
    expect(tagValue(5)).toBe(0);
    expect(tagValue(-1)).toBe(0);
    expect(tagValue(2)).toBe(2);
    expect(cycleTag(7)).toBe(2);
  });

  it('names values by key', () => {
    expect(tagValueKey('difficulty', 2)).toBe('tags.difficulty.2');
    expect(tagShortKey('grimoire', 1)).toBe('tags.grimoire.short_1');
    expect(tagValueKey('cameras', 9)).toBe('tags.cameras.0');
  });

  it('lists only the tags set away from 0', () => {
    expect(notableTags({ difficulty: 2, cameras: 0, travellers: 1, grimoire: 0 })).toEqual([
      { tag: 'difficulty', value: 2 },
      { tag: 'travellers', value: 1 },
    ]);
  });
});
