import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  digitsOnly,
  type EmailAction,
  emailFailure,
  type PageMessage,
  resendEmailCode,
  resendPendingCode,
  submitEmailCode,
  submitPendingCode,
} from '../account';
import { fetchMe } from '../auth/authService';
import { useAuthStore } from '../auth/authStore';
import { FormField } from '../ui/FormField';
import { SimplePage } from '../ui/SimplePage';
import { toAppError } from '../api/appError';
import { returnPathFrom } from '../routing/returnPath';
import { PATHS } from '../routing/paths';
import { useSessionStore } from '../session/sessionStore';

/**
 * Spec 2 §2 "Verification screen": six-digit code entry, resend, and logout. Two modes (API.md):
 * logged in (a token, no verified-email flag yet), or pending (a registration without tokens,
 * the address kept in sessionStorage); a right code in pending mode logs the user in.
 */
export function VerificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const loggedInEmail = useAuthStore((state) => state.tokens?.user.email ?? null);
  const hasTokens = useAuthStore((state) => state.tokens !== null);
  const pendingEmail = useAuthStore((state) => state.pendingEmail);
  const pending = !hasTokens && pendingEmail !== null;
  const email = pending ? pendingEmail : loggedInEmail;
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<PageMessage | null>(null);
  const [busy, setBusy] = useState<EmailAction | null>(null);
  const complete = /^\d{6}$/.test(code);

  // The route guard may move on by itself as soon as the account is verified; a late navigate()
  // from this page after that would pull the user back (e.g. from /play to the join link).
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const carryOn = () => {
    // The session layer (socket, schemas, catalogue) is loaded only when there is a session to rejoin.
    if (useSessionStore.getState().code) {
      void import('../session/sessionController').then(({ resumeSession }) => resumeSession());
    }
    if (mounted.current) void navigate(returnPathFrom(location.search), { replace: true });
  };

  const fail = async (caught: unknown, action: EmailAction) => {
    const outcome = emailFailure(toAppError(caught), action);
    setMessage(outcome.message);
    if (!outcome.alreadyVerified) return;
    // 404: verified already. Logged in: reload the account (the guard then lets the user on).
    if (pending) {
      useAuthStore.getState().setPendingEmail(null);
      void navigate(PATHS.login, { replace: true });
      return;
    }
    await fetchMe().catch(() => undefined);
    carryOn();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete || busy) return;
    setBusy('submit');
    setMessage(null);
    try {
      if (pending && pendingEmail) await submitPendingCode(pendingEmail, code);
      else await submitEmailCode(code);
      carryOn();
    } catch (caught) {
      setCode('');
      await fail(caught, 'submit');
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    if (busy) return;
    setBusy('resend');
    setMessage(null);
    try {
      if (pending && pendingEmail) await resendPendingCode(pendingEmail);
      else await resendEmailCode();
      setMessage({ kind: 'notice', key: 'verification.resent', params: { email: email ?? '' } });
    } catch (caught) {
      await fail(caught, 'resend');
    } finally {
      setBusy(null);
    }
  };

  const leave = () => {
    if (pending) {
      useAuthStore.getState().setPendingEmail(null);
      void navigate(PATHS.login);
    } else {
      void import('../session/logout').then(({ logoutAndLeave }) => logoutAndLeave());
    }
  };

  return (
    <SimplePage title={t('verification.title')} testId="verification-page">
      <div className="verification" data-mode={pending ? 'pending' : 'logged-in'}>
        <p>{t('verification.text', { email: email ?? '' })}</p>
        <form className="verification__form" onSubmit={(event) => void submit(event)} noValidate>
          <FormField
            label={t('verification.code')}
            className="verification__code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(digitsOnly(event.target.value))}
            hint={t('verification.code_hint')}
            testId="verify-code"
            autoFocus
          />
          {message && (
            <p
              className={message.kind === 'error' ? 'form-error' : 'notice'}
              role={message.kind === 'error' ? 'alert' : 'status'}
              data-testid="verify-message"
              data-kind={message.kind}
            >
              {message.raw ?? t(message.key ?? 'error.generic', message.params)}
            </p>
          )}
          <div className="simple-page__actions">
            <button
              type="submit"
              className="button button--primary"
              disabled={!complete || busy !== null}
              data-testid="verify-submit"
            >
              {t(busy === 'submit' ? 'login.working' : 'verification.submit')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void resend()}
              disabled={busy !== null}
              data-testid="verify-resend"
            >
              {t(busy === 'resend' ? 'login.working' : 'verification.resend')}
            </button>
          </div>
        </form>
        <p className="verification__leave">
          <span className="muted">{t(pending ? 'verification.wrong_address' : 'verification.other_account')}</span>{' '}
          <button type="button" className="button button--link" onClick={leave} data-testid="verify-logout">
            {t(pending ? 'verification.back_to_login' : 'lobby.logout')}
          </button>
        </p>
      </div>
    </SimplePage>
  );
}
