import { describe, expect, it } from 'vitest';
import { formatBanExpiry, isBanned } from './banInfo';

describe('ban', () => {
  it('counts a ban or the banned flag', () => {
    expect(isBanned({ ban: { reason: 'spam', expires: null } }, [])).toBe(true);
    expect(isBanned({ ban: null }, ['banned'])).toBe(true);
    expect(isBanned(null, ['verified-email'])).toBe(false);
    expect(isBanned(null, undefined)).toBe(false);
  });

  it('formats the expiry as a long date in the given locale, or nothing for a permanent ban', () => {
    const at = Date.UTC(2026, 2, 5, 14, 30);
    // ICU versions differ in the glue between date and time; the long date itself is stable.
    expect(formatBanExpiry(at, 'en-US', 'UTC')).toMatch(/^March 5, 2026\b.*2:30/);
    expect(formatBanExpiry(at, 'de-DE', 'UTC')).toMatch(/^5\. März 2026\b.*14:30/);
    expect(formatBanExpiry(null, 'en-US')).toBeNull();
  });
});
