import { describe, expect, it } from 'vitest';
import { MAX_TIMER_DELAY_MS, needsRefresh, refreshDelay } from './refreshTiming';

const NOW = 1_700_000_000_000;

describe('refreshDelay (spec 2 §9: refresh 120 s before expiry)', () => {
  it('waits until 120 s before the expiry', () => {
    expect(refreshDelay(NOW + 15 * 60_000, NOW)).toBe(13 * 60_000);
  });

  it('refreshes at once when the window has been reached or passed', () => {
    expect(refreshDelay(NOW + 60_000, NOW)).toBe(0);
    expect(refreshDelay(NOW - 60_000, NOW)).toBe(0);
    expect(needsRefresh(NOW + 100_000, NOW)).toBe(true);
    expect(needsRefresh(NOW + 10 * 60_000, NOW)).toBe(false);
  });

  it("uses the server's clock: a client running 5 minutes late refreshes correspondingly earlier", () => {
    const serverOffset = 5 * 60_000; // the server is ahead
    expect(refreshDelay(NOW + 15 * 60_000, NOW, serverOffset)).toBe(8 * 60_000);
  });

  it('never exceeds what setTimeout can wait', () => {
    expect(refreshDelay(NOW + 365 * 24 * 3600_000, NOW)).toBe(MAX_TIMER_DELAY_MS);
  });
});
