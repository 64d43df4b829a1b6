/** Spec 1 §5 Timer dialog: minutes 0.1 to 60 or seconds 3 to 3600; a title of at most 50 characters. */
export const TIMER_MINUTES = { min: 0.1, max: 60 } as const;
export const TIMER_SECONDS = { min: 3, max: 3600 } as const;
export const TIMER_TITLE_MAX = 50;

export type TimerUnit = 'minutes' | 'seconds';

export type TimerFormResult =
  { ok: true; duration: number; title: string } | { ok: false; error: 'range' | 'title'; unit: TimerUnit };

/** Checks the dialog's input; minutes become seconds (the socket's `timer` takes seconds). */
export const parseTimerForm = (unit: TimerUnit, value: string, title: string): TimerFormResult => {
  const trimmed = title.trim();
  if (trimmed.length > TIMER_TITLE_MAX) return { ok: false, error: 'title', unit };
  const number = Number(value.replace(',', '.'));
  const range = unit === 'minutes' ? TIMER_MINUTES : TIMER_SECONDS;
  if (value.trim() === '' || !Number.isFinite(number) || number < range.min || number > range.max) {
    return { ok: false, error: 'range', unit };
  }
  const seconds = unit === 'minutes' ? number * 60 : number;
  return { ok: true, duration: Math.round(seconds * 1000) / 1000, title: trimmed };
};
