import { describe, expect, it } from 'vitest';
import { AppError } from '../../api/appError';
import { isPhoneCode, normalisePhone, phoneDigits, phoneFailure, readSavedPhone, writeSavedPhone } from './phone';

const memoryStorage = () => {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
};

describe('phone number (spec 2 §5)', () => {
  it('keeps digits only and strips leading zeros', () => {
    expect(phoneDigits('07700 900-123')).toBe('07700900123');
    expect(normalisePhone('07700900123')).toEqual({ ok: true, phone: '7700900123' });
    expect(normalisePhone(' 0 7700 900 123 ')).toEqual({ ok: true, phone: '7700900123' });
  });

  it('takes 1 to 14 digits', () => {
    expect(normalisePhone('5')).toEqual({ ok: true, phone: '5' });
    expect(normalisePhone('12345678901234')).toEqual({ ok: true, phone: '12345678901234' });
    expect(normalisePhone('123456789012345')).toEqual({ ok: false, error: 'phone.errors.number_invalid' });
    expect(normalisePhone('000')).toEqual({ ok: false, error: 'phone.errors.number_invalid' });
    expect(normalisePhone('12a4')).toEqual({ ok: false, error: 'phone.errors.number_invalid' });
    expect(normalisePhone('')).toEqual({ ok: false, error: 'phone.errors.number_required' });
  });

  it('wants a code of exactly six characters', () => {
    expect(isPhoneCode('123456')).toBe(true);
    expect(isPhoneCode('12345')).toBe(false);
    expect(isPhoneCode('1234567')).toBe(false);
  });

  it('saves the phone between the steps and clears it on reset', () => {
    const storage = memoryStorage();
    writeSavedPhone(storage, { country: 'GB', prefix: '+44', phone: '7700900123' });
    expect(readSavedPhone(storage)).toEqual({ country: 'GB', prefix: '+44', phone: '7700900123' });
    writeSavedPhone(storage, null);
    expect(readSavedPhone(storage)).toBeNull();
    storage.setItem('belfry.phone', '{broken');
    expect(readSavedPhone(storage)).toBeNull();
    storage.setItem('belfry.phone', JSON.stringify({ country: 'GB', prefix: 'x', phone: '1' }));
    expect(readSavedPhone(storage)).toBeNull();
  });
});

describe('phone verification errors (spec 2 §8)', () => {
  const fail = (status: number, code: AppError['code'], message = '', retryAfter?: number) =>
    new AppError(code, message, status, retryAfter);

  it('403: contact support', () => {
    expect(phoneFailure(fail(403, 'forbidden'), 'send')).toEqual({ key: 'phone.errors.forbidden', restart: false });
  });

  it('429: 60 s before sending, 10 s after, or what the server says', () => {
    expect(phoneFailure(fail(429, 'cooldown'), 'send')).toMatchObject({ params: { count: 60 }, restart: false });
    expect(phoneFailure(fail(429, 'cooldown'), 'submit')).toMatchObject({ params: { count: 10 } });
    expect(phoneFailure(fail(429, 'cooldown', '', 37), 'send')).toMatchObject({ params: { count: 37 } });
    expect(phoneFailure(fail(400, 'cooldown'), 'send')).toMatchObject({
      key: 'phone.errors.cooldown',
      params: { count: 10 },
    });
  });

  it('402: the SMS budget is spent', () => {
    expect(phoneFailure(fail(402, 'payment_required'), 'send')).toEqual({
      key: 'phone.errors.payment',
      restart: false,
    });
  });

  it('404 and restart reset the flow (the saved phone is cleared)', () => {
    expect(phoneFailure(fail(404, 'not_found'), 'submit')).toEqual({ key: 'phone.errors.not_found', restart: true });
    expect(phoneFailure(fail(410, 'restart'), 'submit')).toEqual({ key: 'phone.errors.restart', restart: true });
  });

  it("'assigned' or 'Value is already assigned': the number is used", () => {
    expect(phoneFailure(fail(409, 'assigned'), 'send')).toEqual({ key: 'phone.errors.assigned', restart: false });
    expect(phoneFailure(fail(400, 'bad_request', 'Value is already assigned'), 'send').key).toBe(
      'phone.errors.assigned',
    );
  });

  it('others: a generic error with the status; the code is cleared, the phone kept', () => {
    expect(phoneFailure(fail(500, 'internal'), 'submit')).toEqual({
      key: 'phone.errors.generic',
      params: { status: 500 },
      restart: false,
    });
    expect(phoneFailure(fail(400, 'wrong_code'), 'submit')).toEqual({ key: 'phone.errors.wrong_code', restart: false });
  });
});
