import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { login, register } from '../auth/authService';
import {
  emptyAuthFields,
  validateAuthForm,
  withoutPasswords,
  type AuthField,
  type AuthFields,
  type AuthMode,
  type FieldErrors,
} from '../auth/authForm';
import { BellIcon } from '../components/BellIcon';
import { FormField } from '../components/FormField';
import { toAppError, type AppError } from '../errors/appError';
import { resumeSession } from '../session/sessionController';
import './LoginPage.css';

/** Spec 2 §8 login errors: the server's refusal, or that it could not be reached. */
const authErrorKey = (mode: AuthMode, error: AppError): string => {
  switch (error.code) {
    case 'network':
    case 'timeout':
      return 'login.errors.unavailable';
    case 'invalid_credentials':
    case 'email_taken':
    case 'rate_limited':
    case 'bad_request':
      return `errors.codes.${error.code}`;
    default:
      return mode === 'register' ? 'login.errors.register_failed' : 'login.errors.login_failed';
  }
};

export function LoginPage() {
  const { t } = useTranslation();
  const [mode, setMode] = useState<AuthMode>('login');
  const [fields, setFields] = useState<AuthFields>(emptyAuthFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const registering = mode === 'register';

  const update = (field: AuthField) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const switchMode = () => {
    setMode(registering ? 'login' : 'register');
    setErrors({});
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = validateAuthForm(mode, fields);
    if (!result.ok) {
      setErrors(result.errors);
      setFields(withoutPasswords);
      return;
    }
    setBusy(true);
    try {
      if (result.mode === 'login') await login(result.body);
      else await register(result.body);
      // The route guard now sends the user on to where they were going; a remembered session is rejoined.
      resumeSession();
    } catch (error) {
      setFailure(toAppError(error));
      setFields(withoutPasswords);
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (field: AuthField) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  return (
    <main className="login">
      <section className="login__hero" aria-hidden="true">
        <BellIcon className="login__bell" />
        <p className="login__name">{t('app.name')}</p>
        <p className="login__tagline">{t('login.tagline')}</p>
      </section>

      <section className="card login__card" aria-labelledby="login-title">
        <h1 id="login-title" className="login__title">
          {t(registering ? 'login.register_title' : 'login.title')}
        </h1>
        <p className="login__intro">{t(registering ? 'login.register_intro' : 'login.intro')}</p>

        <form className="login__form" onSubmit={(event) => void submit(event)} noValidate>
          <FormField
            label={t('login.email')}
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={(event) => update('email')(event.target.value)}
            error={fieldError('email')}
            testId="email"
            autoFocus
          />
          {registering && (
            <FormField
              label={t('login.username')}
              autoComplete="username"
              value={fields.username}
              maxLength={150}
              onChange={(event) => update('username')(event.target.value)}
              error={fieldError('username')}
              testId="username"
            />
          )}
          <FormField
            label={t('login.password')}
            type="password"
            autoComplete={registering ? 'new-password' : 'current-password'}
            value={fields.password}
            onChange={(event) => update('password')(event.target.value)}
            error={fieldError('password')}
            hint={registering ? t('login.password_hint') : undefined}
            testId="password"
          />
          {registering && (
            <FormField
              label={t('login.password_confirm')}
              type="password"
              autoComplete="new-password"
              value={fields.passwordConfirm}
              onChange={(event) => update('passwordConfirm')(event.target.value)}
              error={fieldError('passwordConfirm')}
              testId="password-confirm"
            />
          )}

          {failure && (
            <p className="form-error" role="alert" data-testid="login-error">
              {t(authErrorKey(mode, failure), { message: failure.message })}
            </p>
          )}

          <button type="submit" className="button button--primary button--wide" disabled={busy} data-testid="submit">
            {t(busy ? 'login.working' : registering ? 'login.register' : 'login.submit')}
          </button>
        </form>

        <p className="login__switch">
          {t(registering ? 'login.have_account' : 'login.no_account')}{' '}
          <button type="button" className="button button--link" onClick={switchMode} data-testid="mode-toggle">
            {t(registering ? 'login.to_login' : 'login.to_register')}
          </button>
        </p>
      </section>
    </main>
  );
}
