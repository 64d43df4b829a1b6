import { describe, expect, it } from 'vitest';
import { compareVersions, latestVersion, mustUpdate, newerVersionCount } from './versions';

describe('compareVersions', () => {
  it('compares numerically, part by part', () => {
    expect(compareVersions('0.10.0', '0.9.9')).toBe(1);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('v1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.2.3', '1.3.0')).toBe(-1);
  });

  it('sorts a pre-release before its release', () => {
    expect(compareVersions('1.0.0-beta', '1.0.0')).toBe(-1);
    expect(compareVersions('1.0.0', '1.0.0-beta')).toBe(1);
  });
});

describe('newer versions (spec 2 §2)', () => {
  const released = ['0.4.0', '0.3.0', '0.2.0', '0.1.0'];

  it('counts the released versions newer than this build', () => {
    expect(newerVersionCount('0.4.0', released)).toBe(0);
    expect(newerVersionCount('0.3.0', released)).toBe(1);
    expect(newerVersionCount('0.1.0', released)).toBe(3);
    // A build newer than anything released (a development build) is not behind.
    expect(newerVersionCount('0.5.0', released)).toBe(0);
    expect(newerVersionCount('0.1.0', undefined)).toBe(0);
  });

  it('forces the Update page only from two newer versions on', () => {
    expect(mustUpdate(newerVersionCount('0.3.0', released))).toBe(false);
    expect(mustUpdate(newerVersionCount('0.2.0', released))).toBe(true);
  });

  it('names the latest version', () => {
    expect(latestVersion(released, '0.1.0')).toBe('0.4.0');
    expect(latestVersion([], '0.1.0')).toBe('0.1.0');
  });
});
