/** Spec 1 §5 / spec 3 §5: a role name over 25 characters 70 %, over 17 80 %, over 10 90 %, else 110 %. */
export const roleNameFontPercent = (name: string): number => {
  const length = name.length;
  if (length > 25) return 70;
  if (length > 17) return 80;
  if (length > 10) return 90;
  return 110;
};

/** Spec 3 §4: reminder text steps down at lengths over 10, 15, 20 and 25. */
export const reminderFontPercent = (text: string): number => {
  const length = text.length;
  if (length > 25) return 60;
  if (length > 20) return 70;
  if (length > 15) return 80;
  if (length > 10) return 90;
  return 100;
};
