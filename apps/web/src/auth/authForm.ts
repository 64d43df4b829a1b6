import { loginBody, registerBody, type LoginBody, type RegisterBody } from '@belfry/protocol';

export type AuthMode = 'login' | 'register';

export interface AuthFields {
  email: string;
  password: string;
  passwordConfirm: string;
  username: string;
}

export type AuthField = keyof AuthFields;
/** Per field, the i18n key of what is wrong with it. */
export type FieldErrors = Partial<Record<AuthField, string>>;

export type AuthFormResult =
  | { ok: true; mode: 'login'; body: LoginBody }
  | { ok: true; mode: 'register'; body: RegisterBody }
  | { ok: false; errors: FieldErrors };

export const emptyAuthFields = (): AuthFields => ({ email: '', password: '', passwordConfirm: '', username: '' });

/**
 * Spec 2 §5: e-mail required and valid, password at least 6, the confirmation equal to the
 * password, username 3–150. The protocol's schemas decide, so client and server agree.
 */
export const validateAuthForm = (mode: AuthMode, fields: AuthFields): AuthFormResult => {
  const errors: FieldErrors = {};
  const email = fields.email.trim();
  if (!email) errors.email = 'login.errors.email_required';
  else if (!registerBody.shape.email.safeParse(email).success) errors.email = 'login.errors.email_invalid';

  if (!registerBody.shape.password.safeParse(fields.password).success) errors.password = 'login.errors.password_short';

  if (mode === 'register') {
    if (fields.passwordConfirm !== fields.password) errors.passwordConfirm = 'login.errors.password_mismatch';
    if (!registerBody.shape.username.safeParse(fields.username).success)
      errors.username = 'login.errors.username_length';
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (mode === 'login') {
    const parsed = loginBody.safeParse({ email, password: fields.password });
    return parsed.success
      ? { ok: true, mode, body: parsed.data }
      : { ok: false, errors: { email: 'login.errors.email_invalid' } };
  }
  const parsed = registerBody.safeParse({ email, password: fields.password, username: fields.username });
  return parsed.success
    ? { ok: true, mode, body: parsed.data }
    : { ok: false, errors: { username: 'login.errors.username_length' } };
};

/** Spec 2 §4: on any failure the password fields are cleared. */
export const withoutPasswords = (fields: AuthFields): AuthFields => ({ ...fields, password: '', passwordConfirm: '' });
