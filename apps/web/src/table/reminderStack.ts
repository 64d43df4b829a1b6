/** Spec 3 §3 stackReminderTokens: true, false, or null for auto (stacked once they no longer fit a row). */
export const AUTO_STACK_ABOVE = 3;

export const isStacked = (setting: boolean | null | undefined, count: number): boolean =>
  setting ?? count > AUTO_STACK_ABOVE;
