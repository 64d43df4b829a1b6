import { describe, expect, it } from 'vitest';
import { isTabMessage, reactToTabMessage, type TabSelf } from './otherTab';

const self: TabSelf = { tab: 'me', code: 'friday', active: true };

describe('reactToTabMessage (spec 2 §7: a session open in another tab is detected)', () => {
  it('answers a hello for its own session while active', () => {
    expect(reactToTabMessage({ type: 'hello', code: 'friday', tab: 'new' }, self)).toEqual({
      kind: 'reply',
      message: { type: 'here', code: 'friday', tab: 'me', to: 'new' },
    });
    expect(reactToTabMessage({ type: 'hello', code: 'friday', tab: 'new' }, { ...self, active: false })).toEqual({
      kind: 'ignore',
    });
  });

  it('ignores other sessions and its own messages', () => {
    expect(reactToTabMessage({ type: 'hello', code: 'other', tab: 'new' }, self)).toEqual({ kind: 'ignore' });
    expect(reactToTabMessage({ type: 'take', code: 'friday', tab: 'me' }, self)).toEqual({ kind: 'ignore' });
    expect(reactToTabMessage({ type: 'hello', code: 'friday', tab: 'x' }, { ...self, code: null })).toEqual({
      kind: 'ignore',
    });
  });

  it('tells the user when an answer is addressed to this tab', () => {
    expect(reactToTabMessage({ type: 'here', code: 'friday', tab: 'old', to: 'me' }, self)).toEqual({
      kind: 'also-open',
    });
    expect(reactToTabMessage({ type: 'here', code: 'friday', tab: 'old', to: 'third' }, self)).toEqual({
      kind: 'ignore',
    });
  });

  it('lets go when another tab continues the session', () => {
    expect(reactToTabMessage({ type: 'take', code: 'friday', tab: 'new' }, self)).toEqual({ kind: 'yield' });
  });

  it('recognises its messages only', () => {
    expect(isTabMessage({ type: 'hello', code: 'a', tab: 'b' })).toBe(true);
    expect(isTabMessage({ type: 'bye', code: 'a', tab: 'b' })).toBe(false);
    expect(isTabMessage(null)).toBe(false);
    expect(isTabMessage('hello')).toBe(false);
  });
});
