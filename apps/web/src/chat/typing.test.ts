import { describe, expect, it } from 'vitest';
import { addIndicator, isIndicatorActive, shouldSendIndicator, typingIn } from './typing';

describe('text indicator (spec 2 §4: shows for 4 s)', () => {
  const at = 1000;
  it('is active for 4 s', () => {
    const i = { senderId: 'p2', recipientId: 'p1', length: 3, at };
    expect(isIndicatorActive(i, at + 3999)).toBe(true);
    expect(isIndicatorActive(i, at + 4000)).toBe(false);
    expect(isIndicatorActive({ ...i, length: 0 }, at)).toBe(false);
  });

  it('shows a whisperer in their own tab and channel writers in the channel', () => {
    const list = [
      { senderId: 'p2', recipientId: 'p1', length: 3, at },
      { senderId: 'p3', recipientId: '', length: 3, at },
    ];
    expect(typingIn(list, 'p1', 'p2', at + 100)).toEqual(['p2']);
    expect(typingIn(list, 'p1', '', at + 100)).toEqual(['p3']);
    expect(typingIn(list, 'p1', 'p3', at + 100)).toEqual([]);
  });

  it('keeps one indicator per sender and recipient', () => {
    const first = { senderId: 'p2', recipientId: 'p1', length: 3, at };
    expect(addIndicator([first], { ...first, length: 5, at: at + 10 })).toEqual([{ ...first, length: 5, at: at + 10 }]);
  });

  it('sends one\u2019s own at most every 2 s', () => {
    expect(shouldSendIndicator(null, 0)).toBe(true);
    expect(shouldSendIndicator(0, 1999)).toBe(false);
    expect(shouldSendIndicator(0, 2000)).toBe(true);
  });
});
