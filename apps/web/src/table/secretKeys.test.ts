import { describe, expect, it } from 'vitest';
import { SHORTCUTS } from '../ui/shortcuts';
import { nextKeyHistory, SECRET_KEYS } from './secretKeys';

const type = (keys: string[]) => {
  let history = '';
  let opened = 0;
  for (const key of keys) {
    const next = nextKeyHistory(history, key);
    history = next.history;
    if (next.opens) opened++;
  }
  return { history, opened };
};

describe('the hidden prompt key history (spec 1 §5: 6 keys)', () => {
  it('opens on the six keys in a row, whatever came before, in either case', () => {
    expect(type([...'xxwishes'])).toEqual({ history: '', opened: 1 });
    expect(type([...'WISHES'])).toEqual({ history: '', opened: 1 });
    expect(SECRET_KEYS).toHaveLength(6);
    // None of them may be a shortcut of its own.
    for (const key of SECRET_KEYS) expect(SHORTCUTS[key]).toBeUndefined();
  });

  it('keeps only the last 6 letters; any other key starts again', () => {
    expect(type([...'abcdefgh']).history).toBe('cdefgh');
    expect(type(['w', 'i', 's', 'Enter', 'h', 'e', 's']).opened).toBe(0);
  });
});
