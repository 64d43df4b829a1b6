import { describe, expect, it } from 'vitest';
import { updateNoticeDue } from './updateNotice';

describe('update notice (spec 2 §4: once per version)', () => {
  it('shows when the version changed since the last visit', () => {
    expect(updateNoticeDue('0.1.0', '0.2.0')).toBe(true);
  });

  it('does not show again for the same version, nor on the very first visit', () => {
    expect(updateNoticeDue('0.2.0', '0.2.0')).toBe(false);
    expect(updateNoticeDue(null, '0.2.0')).toBe(false);
  });
});
