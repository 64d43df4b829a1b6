import type { ChatServerInfo } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import { nextChatServer } from './chatServerState';

const server = (host: string, users: number | null): ChatServerInfo => ({
  host,
  name: host,
  health: users === null ? null : { users, load: 0.1, latency: 1, color: 'green' },
});

describe('the next preferred chat server (spec 2 §4)', () => {
  it('is the next in order after the current one, wrapping round, skipping full (200) and silent ones', () => {
    const list = [server('a', 3), server('b', 200), server('c', null), server('d', 10)];
    expect(nextChatServer(list, 'a')?.host).toBe('d');
    expect(nextChatServer(list, 'd')?.host).toBe('a');
    expect(nextChatServer([server('a', 1), server('b', 199)], 'a')?.host).toBe('b');
  });

  it('is none when every other server is full or silent, or there is no other', () => {
    expect(nextChatServer([server('a', 1), server('b', 250)], 'a')).toBeNull();
    expect(nextChatServer([server('a', 1)], 'a')).toBeNull();
  });

  it('starts from the first when the current one is no longer listed', () => {
    expect(nextChatServer([server('x', 1), server('y', 1)], 'gone')?.host).toBe('x');
  });
});
