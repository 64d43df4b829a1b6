import { describe, expect, it } from 'vitest';
import { validateAuthForm, withoutPasswords, type AuthFields } from './authForm';

const fields = (overrides: Partial<AuthFields> = {}): AuthFields => ({
  email: 'ann@example.org',
  password: 'secret1',
  passwordConfirm: 'secret1',
  username: 'Ann',
  ...overrides,
});

describe('validateAuthForm (spec 2 §5)', () => {
  it('accepts a valid login and a valid registration', () => {
    expect(validateAuthForm('login', fields({ email: ' ann@example.org ' }))).toEqual({
      ok: true,
      mode: 'login',
      body: { email: 'ann@example.org', password: 'secret1' },
    });
    expect(validateAuthForm('register', fields({ username: '  Ann  ' }))).toMatchObject({
      ok: true,
      body: { username: 'Ann' },
    });
  });

  it('requires a valid e-mail address', () => {
    expect(validateAuthForm('login', fields({ email: '' }))).toEqual({
      ok: false,
      errors: { email: 'login.errors.email_required' },
    });
    expect(validateAuthForm('login', fields({ email: 'ann@' }))).toEqual({
      ok: false,
      errors: { email: 'login.errors.email_invalid' },
    });
  });

  it('requires a password of at least 6 characters', () => {
    expect(validateAuthForm('login', fields({ password: '12345' }))).toMatchObject({
      errors: { password: 'login.errors.password_short' },
    });
  });

  it('in register mode checks the confirmation and the username (3–150)', () => {
    expect(validateAuthForm('register', fields({ passwordConfirm: 'other1' }))).toMatchObject({
      errors: { passwordConfirm: 'login.errors.password_mismatch' },
    });
    expect(validateAuthForm('register', fields({ username: 'ab' }))).toMatchObject({
      errors: { username: 'login.errors.username_length' },
    });
    expect(validateAuthForm('register', fields({ username: 'x'.repeat(151) }))).toMatchObject({
      errors: { username: 'login.errors.username_length' },
    });
    // Login mode ignores the register-only fields.
    expect(validateAuthForm('login', fields({ username: '', passwordConfirm: '' })).ok).toBe(true);
  });

  it('clears both password fields after a failure', () => {
    expect(withoutPasswords(fields())).toEqual(fields({ password: '', passwordConfirm: '' }));
  });
});
