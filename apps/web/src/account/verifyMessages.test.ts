import { describe, expect, it } from 'vitest';
import { AppError } from '../api/appError';
import { cooldownSeconds, emailFailure } from './verifyMessages';

const fail = (status: number, code: AppError['code'], message = '', retryAfter?: number) =>
  new AppError(code, message, status, retryAfter);

describe('e-mail verification errors (spec 2 §8)', () => {
  it('429: wait 60 s when resending, 10 s when submitting, unless the server says how long', () => {
    expect(emailFailure(fail(429, 'cooldown'), 'resend').message).toEqual({
      kind: 'error',
      key: 'verification.errors.cooldown',
      params: { count: 60 },
    });
    expect(emailFailure(fail(429, 'cooldown'), 'submit').message.params).toEqual({ count: 10 });
    expect(emailFailure(fail(429, 'rate_limited', '', 25), 'submit').message.params).toEqual({ count: 25 });
    expect(cooldownSeconds({ retryAfter: 2.2 }, 10)).toBe(3);
    expect(cooldownSeconds({ retryAfter: undefined }, 10)).toBe(10);
  });

  it('names a wrong code, 403, a disposable address', () => {
    expect(emailFailure(fail(400, 'wrong_code'), 'submit').message.key).toBe('verification.errors.wrong_code');
    expect(emailFailure(fail(403, 'forbidden'), 'submit').message.key).toBe('verification.errors.unauthorized');
    expect(emailFailure(fail(400, 'disposable_email'), 'resend').message.key).toBe('verification.errors.disposable');
  });

  it('404: already verified, the user continues', () => {
    const outcome = emailFailure(fail(404, 'already_verified'), 'resend');
    expect(outcome.alreadyVerified).toBe(true);
    expect(outcome.message.key).toBe('verification.errors.already_verified');
  });

  it('shows other errors raw', () => {
    expect(emailFailure(fail(500, 'internal', 'database is locked'), 'submit')).toEqual({
      message: { kind: 'error', raw: 'database is locked' },
      alreadyVerified: false,
    });
    expect(emailFailure(fail(500, 'internal'), 'submit').message).toEqual({
      kind: 'error',
      key: 'verification.errors.other',
      params: { status: 500 },
    });
  });
});
