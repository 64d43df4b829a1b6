import { describe, expect, it } from 'vitest';
import { AppError } from '../api/appError';
import { authFailureMessage } from './authErrors';

describe('login screen errors (spec 2 §8)', () => {
  it("shows the server's 'Wrong e-mail address or password.'", () => {
    const error = new AppError('invalid_credentials', 'Wrong e-mail address or password.', 401);
    expect(authFailureMessage('login', error)).toEqual({ raw: 'Wrong e-mail address or password.' });
    expect(authFailureMessage('login', new AppError('invalid_credentials', '', 401))).toEqual({
      key: 'errors.codes.invalid_credentials',
    });
  });

  it('names a refused captcha with the error_captcha text', () => {
    expect(authFailureMessage('register', new AppError('captcha_invalid', 'x', 400))).toEqual({
      key: 'login.errors.captcha',
    });
  });

  it('says when the server cannot be reached', () => {
    expect(authFailureMessage('login', new AppError('network', ''))).toEqual({ key: 'login.errors.unavailable' });
  });

  it('states the wait of an abuse limit', () => {
    expect(authFailureMessage('login', new AppError('rate_limited', '', 429, 30))).toEqual({
      key: 'login.errors.wait',
      params: { count: 30 },
    });
    expect(authFailureMessage('login', new AppError('rate_limited', '', 429))).toEqual({
      key: 'errors.codes.rate_limited',
    });
  });

  it('states the wait between two code submissions', () => {
    expect(authFailureMessage('reset', new AppError('cooldown', '', 429, 7))).toEqual({
      key: 'login.errors.cooldown',
      params: { count: 7 },
    });
    expect(authFailureMessage('reset', new AppError('cooldown', '', 429)).params).toEqual({ count: 10 });
  });

  it('falls back per mode', () => {
    const error = new AppError('internal', 'boom', 500);
    expect(authFailureMessage('login', error)).toEqual({
      key: 'login.errors.login_failed',
      params: { message: 'boom' },
    });
    expect(authFailureMessage('register', error).key).toBe('login.errors.register_failed');
    expect(authFailureMessage('recover', error).key).toBe('login.errors.recover_failed');
    expect(authFailureMessage('reset', new AppError('invalid_code', '', 400))).toEqual({
      key: 'login.errors.reset_code',
    });
  });
});
