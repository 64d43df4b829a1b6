import { describe, expect, it } from 'vitest';
import { badgeText, markRead, shouldAutoScroll, unreadCount } from './unread';
import { msg } from '../session/testView';

describe('unread counters (spec 2 §4, §9)', () => {
  const messages = [msg('p2', '', 10), msg('p1', '', 11), msg('p3', '', 12), msg('p2', 'p1', 13)];

  it('counts others\u2019 messages after the tab was last read', () => {
    expect(unreadCount(messages, 'p1', '', {}, 0)).toBe(2);
    expect(unreadCount(messages, 'p1', '', { '': 10 }, 0)).toBe(1);
    expect(unreadCount(messages, 'p1', 'p2', {}, 0)).toBe(1);
    expect(unreadCount(messages, 'p1', '', {}, 12)).toBe(0);
  });

  it('marks a tab read up to its newest message', () => {
    const marks = markRead({}, messages, 'p1', '');
    expect(marks).toEqual({ '': 12 });
    expect(unreadCount(messages, 'p1', '', marks, 0)).toBe(0);
  });

  it('shows up to 9, then an infinity sign', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('\u221e');
  });
});

describe('auto-scroll (spec 2 §4: unless scrolled up more than 10 px)', () => {
  it('follows within 10 px of the bottom and not beyond', () => {
    expect(shouldAutoScroll({ scrollTop: 490, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(shouldAutoScroll({ scrollTop: 489, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
  });
});
