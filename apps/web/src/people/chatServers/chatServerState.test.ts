import type { ChatServerInfo } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import { chatServerState, loadPercent } from './chatServerState';

const server = (users: number | null, host = 'eu.example:8090'): ChatServerInfo => ({
  host,
  name: 'Europe',
  health: users === null ? null : { users, load: 0.2, latency: 1, color: 'hsl(96, 70%, 42%)' },
});

describe('chat server options (spec 2 §5)', () => {
  it('cannot pick a chat server with 200 users or more', () => {
    expect(chatServerState(server(199))).toBe('free');
    expect(chatServerState(server(200))).toBe('full');
  });

  it('cannot pick one that did not answer its health check', () => {
    expect(chatServerState(server(null))).toBe('down');
  });

  it('cannot re-pick the current one in a session', () => {
    expect(chatServerState(server(3), 'eu.example:8090')).toBe('current');
    expect(chatServerState(server(3), 'us.example:8090')).toBe('free');
  });

  it('shows load as a percentage of one core', () => {
    expect(loadPercent(0.347)).toBe(35);
    expect(loadPercent(1.5)).toBe(150);
    expect(loadPercent(-1)).toBe(0);
  });
});
