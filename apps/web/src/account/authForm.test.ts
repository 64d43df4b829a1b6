import { describe, expect, it } from 'vitest';
import { canSubmit, digitsOnly, validateAuthForm, withoutPasswords, type AuthFields } from './authForm';

const fields = (overrides: Partial<AuthFields> = {}): AuthFields => ({
  email: 'ann@example.org',
  password: 'secret1',
  passwordConfirm: 'secret1',
  username: 'Ann',
  code: '123456',
  acceptsTerms: true,
  acceptsMarketing: false,
  ...overrides,
});
const CAPTCHA = 'eyJwYXlsb2FkIjoxfQ==';

describe('validateAuthForm (spec 2 §5)', () => {
  it('accepts a valid login and a valid registration, with the captcha payload', () => {
    expect(validateAuthForm('login', fields({ email: ' ann@example.org ' }), CAPTCHA)).toEqual({
      ok: true,
      mode: 'login',
      body: { email: 'ann@example.org', password: 'secret1', captcha: CAPTCHA },
    });
    expect(validateAuthForm('register', fields({ username: '  Ann  ', acceptsMarketing: true }), CAPTCHA)).toEqual({
      ok: true,
      mode: 'register',
      body: {
        email: 'ann@example.org',
        password: 'secret1',
        username: 'Ann',
        acceptsTerms: true,
        acceptsMarketing: true,
        captcha: CAPTCHA,
      },
    });
  });

  it('requires a valid e-mail address', () => {
    expect(validateAuthForm('login', fields({ email: '' }), CAPTCHA)).toEqual({
      ok: false,
      errors: { email: 'login.errors.email_required' },
    });
    expect(validateAuthForm('login', fields({ email: 'ann@' }), CAPTCHA)).toEqual({
      ok: false,
      errors: { email: 'login.errors.email_invalid' },
    });
  });

  it('requires a password of at least 6 characters to register, and any password to log in', () => {
    expect(validateAuthForm('register', fields({ password: '12345', passwordConfirm: '12345' }), CAPTCHA)).toEqual({
      ok: false,
      errors: { password: 'login.errors.password_short' },
    });
    expect(validateAuthForm('login', fields({ password: '' }), CAPTCHA)).toMatchObject({
      errors: { password: 'login.errors.password_short' },
    });
  });

  it('requires the captcha token (error_captcha) where the captcha is shown', () => {
    for (const mode of ['login', 'register', 'recover'] as const) {
      expect(validateAuthForm(mode, fields(), null)).toEqual({
        ok: false,
        errors: { captcha: 'login.errors.captcha' },
      });
    }
    expect(validateAuthForm('reset', fields(), null).ok).toBe(true);
  });

  it('in register mode checks the confirmation (error_password), the username (3–150) and the terms', () => {
    expect(validateAuthForm('register', fields({ passwordConfirm: 'other1' }), CAPTCHA)).toMatchObject({
      errors: { passwordConfirm: 'login.errors.password_mismatch' },
    });
    expect(validateAuthForm('register', fields({ username: 'ab' }), CAPTCHA)).toMatchObject({
      errors: { username: 'login.errors.username_length' },
    });
    expect(validateAuthForm('register', fields({ username: 'x'.repeat(151) }), CAPTCHA)).toMatchObject({
      errors: { username: 'login.errors.username_length' },
    });
    expect(validateAuthForm('register', fields({ username: 'x'.repeat(150) }), CAPTCHA).ok).toBe(true);
    expect(validateAuthForm('register', fields({ acceptsTerms: false }), CAPTCHA)).toEqual({
      ok: false,
      errors: { acceptsTerms: 'login.errors.terms_required' },
    });
    // Login mode ignores the register-only fields.
    expect(
      validateAuthForm('login', fields({ username: '', passwordConfirm: '', acceptsTerms: false }), CAPTCHA).ok,
    ).toBe(true);
  });

  it('recovery needs an e-mail address and a captcha only', () => {
    expect(validateAuthForm('recover', fields({ password: '', username: '' }), CAPTCHA)).toEqual({
      ok: true,
      mode: 'recover',
      body: { email: 'ann@example.org', captcha: CAPTCHA },
    });
  });

  it('a reset needs a six-digit code, a new password of 6 and its confirmation', () => {
    expect(validateAuthForm('reset', fields(), null)).toEqual({
      ok: true,
      mode: 'reset',
      body: { email: 'ann@example.org', code: '123456', password: 'secret1' },
    });
    for (const code of ['12345', '1234567', '12345a', '']) {
      expect(validateAuthForm('reset', fields({ code }), null)).toMatchObject({
        errors: { code: 'login.errors.code_invalid' },
      });
    }
    expect(validateAuthForm('reset', fields({ passwordConfirm: 'x' }), null)).toMatchObject({
      errors: { passwordConfirm: 'login.errors.password_mismatch' },
    });
  });

  it('disables the register button without a captcha token or without the terms', () => {
    expect(canSubmit('register', fields(), CAPTCHA)).toBe(true);
    expect(canSubmit('register', fields(), null)).toBe(false);
    expect(canSubmit('register', fields({ acceptsTerms: false }), CAPTCHA)).toBe(false);
    expect(canSubmit('login', fields(), null)).toBe(true);
  });

  it('clears both password fields after a failure', () => {
    expect(withoutPasswords(fields())).toEqual(fields({ password: '', passwordConfirm: '' }));
  });

  it('keeps codes to digits', () => {
    expect(digitsOnly(' 12-34 56 7')).toBe('123456');
    expect(digitsOnly('abc')).toBe('');
  });
});
