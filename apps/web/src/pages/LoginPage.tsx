import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  authFailureMessage,
  type AuthField,
  type AuthFields,
  type AuthMessage,
  type AuthMode,
  canSubmit,
  CaptchaField,
  type CaptchaHandle,
  digitsOnly,
  emptyAuthFields,
  type FieldErrors,
  modeNeeds,
  validateAuthForm,
  withoutPasswords,
} from '../account';
import { login, recover, register, resetPassword } from '../auth/authService';
import { BellIcon } from '../ui/BellIcon';
import { FormField } from '../ui/FormField';
import { PolicyLinks } from '../ui/PolicyLinks';
import { showNotice } from '../ui/dialogs';
import { toAppError } from '../api/appError';
import { PATHS } from '../routing/paths';
import { useSessionStore } from '../session/sessionStore';
import '../account';

type TextField = Exclude<keyof AuthFields, 'acceptsTerms' | 'acceptsMarketing'>;

const TITLES: Record<AuthMode, [title: string, intro: string]> = {
  login: ['login.title', 'login.intro'],
  register: ['login.register_title', 'login.register_intro'],
  recover: ['login.recover_title', 'login.recover_intro'],
  reset: ['login.reset_title', 'login.reset_intro'],
};

const SUBMIT_LABELS: Record<AuthMode, string> = {
  login: 'login.submit',
  register: 'login.register',
  recover: 'login.recover_submit',
  reset: 'login.reset_submit',
};

/** Spec 2 §2 "Login screen": log in, register, and recover the password (a code, then a new password). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [mode, setMode] = useState<AuthMode>('login');
  const [fields, setFields] = useState<AuthFields>(emptyAuthFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<AuthMessage | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(null);
  const needs = modeNeeds(mode);

  const setText = (field: TextField) => (value: string) => {
    setFields((current) => ({ ...current, [field]: field === 'code' ? digitsOnly(value) : value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const setChecked = (field: 'acceptsTerms' | 'acceptsMarketing') => (checked: boolean) => {
    setFields((current) => ({ ...current, [field]: checked }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onCaptcha = (payload: string | null) => {
    setCaptcha(payload);
    if (payload) setErrors((current) => ({ ...current, captcha: undefined }));
  };

  const switchTo = (next: AuthMode) => {
    setMode(next);
    setErrors({});
    setFailure(null);
    // Each mode gets a fresh captcha widget (keyed by mode below).
    setCaptcha(null);
    setFields((current) => ({ ...withoutPasswords(current), code: '' }));
  };

  /** Back to the remembered game, if any; the session layer (socket, schemas, catalogue) is loaded only then. */
  const resumeRemembered = () => {
    if (!useSessionStore.getState().code) return;
    void import('../session/sessionController').then(({ resumeSession }) => resumeSession());
  };

  /** Spec 2 §4: on any failure the password fields are cleared and the captcha is reset. */
  const failed = () => {
    setFields(withoutPasswords);
    captchaRef.current?.reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const result = validateAuthForm(mode, fields, captcha);
    if (!result.ok) {
      setErrors(result.errors);
      failed();
      return;
    }
    setBusy(true);
    try {
      switch (result.mode) {
        case 'login':
          // The route guard now sends the user on: Verification, or the return route, or the Lobby.
          await login(result.body);
          resumeRemembered();
          break;
        case 'register':
          await register(result.body);
          // Pending mode: the code for this address is entered on /verification (no tokens yet).
          void navigate(`${PATHS.verification}${location.search}`);
          break;
        case 'recover':
          // A cooldown means a code went out less than a minute ago: that one is still good, so the
          // notice is the same whatever the answer (spec 2 §8 "Recovery success").
          await recover(result.body).catch((caught: unknown) => {
            if (toAppError(caught).code !== 'cooldown') throw caught;
          });
          switchTo('reset');
          break;
        case 'reset':
          await resetPassword(result.body);
          resumeRemembered();
          break;
      }
    } catch (caught) {
      const error = toAppError(caught);
      failed();
      if (error.code === 'account_disabled') {
        // Spec 2 §4: CUSTOMER_DISABLED shows a notification and returns to login mode.
        switchTo('login');
        void showNotice('login.disabled_title', 'login.disabled_text');
      } else {
        setFailure(authFailureMessage(mode, error));
      }
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (field: AuthField) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  const [titleKey, introKey] = TITLES[mode];
  const emailTestId = mode === 'recover' ? 'recover-email' : 'email';
  const submitTestId = mode === 'login' || mode === 'register' ? 'submit' : `${mode}-submit`;
  const passwordTestId = mode === 'reset' ? 'reset-password' : 'password';
  const confirmTestId = mode === 'reset' ? 'reset-password-confirm' : 'password-confirm';

  return (
    <main className="login">
      <section className="login__hero" aria-hidden="true">
        <BellIcon className="login__bell" />
        <p className="login__name">{t('app.name')}</p>
        <p className="login__tagline">{t('login.tagline')}</p>
      </section>

      <section className="card login__card" aria-labelledby="login-title" data-mode={mode}>
        <h1 id="login-title" className="login__title">
          {t(titleKey)}
        </h1>
        <p className="login__intro">{t(introKey)}</p>

        {mode === 'reset' && (
          <p className="notice" role="status" data-testid="recover-notice">
            {t('login.recover_notice', { email: fields.email.trim() })}
          </p>
        )}

        <form className="login__form" onSubmit={(event) => void submit(event)} noValidate>
          {mode !== 'reset' && (
            <FormField
              label={t('login.email')}
              type="email"
              autoComplete="email"
              value={fields.email}
              onChange={(event) => setText('email')(event.target.value)}
              error={fieldError('email')}
              testId={emailTestId}
              autoFocus
            />
          )}
          {mode === 'reset' && errors.email && (
            <p className="form-error" role="alert">
              {fieldError('email')}
            </p>
          )}
          {needs.code && (
            <FormField
              label={t('login.reset_code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              value={fields.code}
              onChange={(event) => setText('code')(event.target.value)}
              error={fieldError('code')}
              hint={t('login.reset_code_hint')}
              testId="reset-code"
              autoFocus
            />
          )}
          {needs.username && (
            <FormField
              label={t('login.username')}
              autoComplete="username"
              value={fields.username}
              maxLength={150}
              onChange={(event) => setText('username')(event.target.value)}
              error={fieldError('username')}
              testId="username"
            />
          )}
          {needs.password && (
            <FormField
              label={t(mode === 'reset' ? 'login.new_password' : 'login.password')}
              type="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              value={fields.password}
              onChange={(event) => setText('password')(event.target.value)}
              error={fieldError('password')}
              hint={mode === 'login' ? undefined : t('login.password_hint')}
              testId={passwordTestId}
            />
          )}
          {needs.confirmation && (
            <FormField
              label={t('login.password_confirm')}
              type="password"
              autoComplete="new-password"
              value={fields.passwordConfirm}
              onChange={(event) => setText('passwordConfirm')(event.target.value)}
              error={fieldError('passwordConfirm')}
              testId={confirmTestId}
            />
          )}
          {needs.terms && (
            <>
              <Checkbox
                checked={fields.acceptsTerms}
                onChange={setChecked('acceptsTerms')}
                testId="terms-checkbox"
                error={fieldError('acceptsTerms')}
              >
                <Trans
                  i18nKey="login.accept_terms"
                  components={{
                    terms: <PolicyLink to={PATHS.terms} />,
                    privacy: <PolicyLink to={PATHS.privacy} />,
                    cookies: <PolicyLink to={PATHS.cookies} />,
                  }}
                />
              </Checkbox>
              <Checkbox
                checked={fields.acceptsMarketing}
                onChange={setChecked('acceptsMarketing')}
                testId="marketing-checkbox"
              >
                {t('login.accept_marketing')}
              </Checkbox>
            </>
          )}
          {needs.captcha && (
            <CaptchaField key={mode} ref={captchaRef} onChange={onCaptcha} error={fieldError('captcha')} />
          )}

          {failure && (
            <p className="form-error" role="alert" data-testid="login-error">
              {failure.raw ?? t(failure.key ?? 'error.generic', failure.params)}
            </p>
          )}

          <button
            type="submit"
            className="button button--primary button--wide"
            disabled={busy || !canSubmit(mode, fields, captcha)}
            data-testid={submitTestId}
          >
            {t(busy ? 'login.working' : SUBMIT_LABELS[mode])}
          </button>
        </form>

        {mode === 'login' && (
          <p className="login__recover">
            <button
              type="button"
              className="button button--link"
              onClick={() => switchTo('recover')}
              data-testid="recover-link"
            >
              {t('login.forgot_password')}
            </button>
          </p>
        )}
        {mode === 'reset' && (
          <p className="login__recover">
            <button type="button" className="button button--link" onClick={() => switchTo('recover')}>
              {t('login.resend_reset')}
            </button>
          </p>
        )}

        <p className="login__switch">
          {mode === 'login' || mode === 'register' ? (
            <>
              {t(mode === 'register' ? 'login.have_account' : 'login.no_account')}{' '}
              <button
                type="button"
                className="button button--link"
                onClick={() => switchTo(mode === 'register' ? 'login' : 'register')}
                data-testid="mode-toggle"
              >
                {t(mode === 'register' ? 'login.to_login' : 'login.to_register')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button--link"
              onClick={() => switchTo('login')}
              data-testid="back-to-login"
            >
              {t('login.back_to_login')}
            </button>
          )}
        </p>
        <PolicyLinks className="login__policies" />
      </section>
    </main>
  );
}

/** Policy links open in a new tab, so a half-filled form is not lost. */
function PolicyLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <Link to={to} target="_blank" rel="noopener">
      {children}
    </Link>
  );
}

function Checkbox({
  checked,
  onChange,
  testId,
  error,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="login__check">
      <label className="checkbox login__checkbox">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          data-testid={testId}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
