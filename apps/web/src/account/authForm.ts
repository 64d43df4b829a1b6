import {
  loginBody,
  recoverBody,
  registerBody,
  resetBody,
  verificationCode,
  type LoginBody,
  type RecoverBody,
  type RegisterBody,
  type ResetBody,
} from '@belfry/protocol';

/** The login screen's modes (spec 2 §2): log in, register, ask for a reset code, set a new password. */
export type AuthMode = 'login' | 'register' | 'recover' | 'reset';

export interface AuthFields {
  email: string;
  password: string;
  passwordConfirm: string;
  username: string;
  /** The reset code (mode reset). */
  code: string;
  acceptsTerms: boolean;
  acceptsMarketing: boolean;
}

export type AuthField = keyof AuthFields | 'captcha';

/** Per field, the i18n key of what is wrong with it. */
export type FieldErrors = Partial<Record<AuthField, string>>;

export type AuthFormResult =
  | { ok: true; mode: 'login'; body: LoginBody }
  | { ok: true; mode: 'register'; body: RegisterBody }
  | { ok: true; mode: 'recover'; body: RecoverBody }
  | { ok: true; mode: 'reset'; body: ResetBody }
  | { ok: false; errors: FieldErrors };

export const emptyAuthFields = (): AuthFields => ({
  email: '',
  password: '',
  passwordConfirm: '',
  username: '',
  code: '',
  acceptsTerms: false,
  acceptsMarketing: false,
});

/** Which modes ask for what. */
export const modeNeeds = (mode: AuthMode) => ({
  password: mode !== 'recover',
  confirmation: mode === 'register' || mode === 'reset',
  username: mode === 'register',
  captcha: mode === 'login' || mode === 'register' || mode === 'recover',
  code: mode === 'reset',
  terms: mode === 'register',
});

/** Spec 2 §5: the register button is disabled without a captcha token or without the terms. */
export const canSubmit = (mode: AuthMode, fields: AuthFields, captcha: string | null): boolean =>
  mode !== 'register' || (Boolean(captcha) && fields.acceptsTerms);

/** Keeps only digits, at most `length` of them (verification and reset codes). */
export const digitsOnly = (raw: string, length = 6): string => raw.replace(/\D/g, '').slice(0, length);

/**
 * Spec 2 §5: e-mail required and valid; password at least 6 (login: not empty); captcha token
 * required (error_captcha); the confirmation equal to the password (error_password); username
 * 3–150; terms accepted; a reset code of exactly six digits. The protocol's schemas decide, so
 * client and server agree.
 */
export const validateAuthForm = (mode: AuthMode, fields: AuthFields, captcha: string | null): AuthFormResult => {
  const needs = modeNeeds(mode);
  const errors: FieldErrors = {};
  const email = fields.email.trim();
  if (!email) errors.email = 'login.errors.email_required';
  else if (!registerBody.shape.email.safeParse(email).success) errors.email = 'login.errors.email_invalid';
  if (needs.password) {
    const schema = mode === 'login' ? loginBody.shape.password : registerBody.shape.password;
    if (!schema.safeParse(fields.password).success) errors.password = 'login.errors.password_short';
  }
  if (needs.confirmation && fields.passwordConfirm !== fields.password)
    errors.passwordConfirm = 'login.errors.password_mismatch';
  if (needs.username && !registerBody.shape.username.safeParse(fields.username).success)
    errors.username = 'login.errors.username_length';
  if (needs.code && !verificationCode.safeParse(fields.code).success) errors.code = 'login.errors.code_invalid';
  if (needs.terms && !fields.acceptsTerms) errors.acceptsTerms = 'login.errors.terms_required';
  if (needs.captcha && !captcha) errors.captcha = 'login.errors.captcha';
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const password = fields.password;
  const fallback = { ok: false, errors: { email: 'login.errors.email_invalid' } } as const;
  switch (mode) {
    case 'login': {
      const parsed = loginBody.safeParse({ email, password, captcha });
      return parsed.success ? { ok: true, mode, body: parsed.data } : fallback;
    }
    case 'register': {
      const parsed = registerBody.safeParse({
        email,
        password,
        username: fields.username,
        acceptsTerms: fields.acceptsTerms,
        acceptsMarketing: fields.acceptsMarketing,
        captcha,
      });
      return parsed.success ? { ok: true, mode, body: parsed.data } : fallback;
    }
    case 'recover': {
      const parsed = recoverBody.safeParse({ email, captcha });
      return parsed.success ? { ok: true, mode, body: parsed.data } : fallback;
    }
    case 'reset': {
      const parsed = resetBody.safeParse({ email, code: fields.code, password });
      return parsed.success ? { ok: true, mode, body: parsed.data } : fallback;
    }
  }
};

/** Spec 2 §4: on any failure the password fields are cleared. */
export const withoutPasswords = (fields: AuthFields): AuthFields => ({ ...fields, password: '', passwordConfirm: '' });
