import { describe, expect, it } from 'vitest';
import { AUTO_STACK_ABOVE, isStacked } from './reminderStack';

describe('stacked reminders (spec 3 §3 stackReminderTokens: true, false or null for auto)', () => {
  it('follows the setting, and on auto stacks once more than three reminders lie on a seat', () => {
    expect(AUTO_STACK_ABOVE).toBe(3);
    expect(isStacked(true, 1)).toBe(true);
    expect(isStacked(false, 9)).toBe(false);
    expect(isStacked(null, 3)).toBe(false);
    expect(isStacked(null, 4)).toBe(true);
  });
});
