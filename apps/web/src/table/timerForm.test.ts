import { describe, expect, it } from 'vitest';
import { parseTimerForm } from './timerForm';

describe('timer dialog (spec 1 §5)', () => {
  it('takes minutes from 0.1 to 60 and converts them to seconds', () => {
    expect(parseTimerForm('minutes', '0.1', '')).toEqual({ ok: true, duration: 6, title: '' });
    expect(parseTimerForm('minutes', '60', 'Day')).toEqual({ ok: true, duration: 3600, title: 'Day' });
    expect(parseTimerForm('minutes', '2,5', '')).toEqual({ ok: true, duration: 150, title: '' });
    expect(parseTimerForm('minutes', '0.09', '')).toMatchObject({ ok: false, error: 'range' });
    expect(parseTimerForm('minutes', '60.1', '')).toMatchObject({ ok: false, error: 'range' });
  });

  it('takes seconds from 3 to 3600', () => {
    expect(parseTimerForm('seconds', '3', '')).toEqual({ ok: true, duration: 3, title: '' });
    expect(parseTimerForm('seconds', '3600', '')).toEqual({ ok: true, duration: 3600, title: '' });
    expect(parseTimerForm('seconds', '2', '')).toMatchObject({ ok: false, error: 'range' });
    expect(parseTimerForm('seconds', '3601', '')).toMatchObject({ ok: false, error: 'range' });
    expect(parseTimerForm('seconds', '', '')).toMatchObject({ ok: false, error: 'range' });
    expect(parseTimerForm('seconds', 'abc', '')).toMatchObject({ ok: false, error: 'range' });
  });

  it('allows a title of at most 50 characters', () => {
    expect(parseTimerForm('seconds', '10', 'x'.repeat(50))).toMatchObject({ ok: true });
    expect(parseTimerForm('seconds', '10', 'x'.repeat(51))).toMatchObject({ ok: false, error: 'title' });
  });
});
