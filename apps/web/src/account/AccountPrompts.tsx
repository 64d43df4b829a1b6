import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { APP_VERSION } from '../version/buildInfo';
import { readLastSeenVersion, rememberVersion, updateNoticeDue } from '../version/updateNotice';
import { updateUser } from './accountApi';
import { useAuthStore } from '../auth/authStore';
import { Modal } from '../ui/Modal';
import { openDialog } from '../ui/dialogStore';
import { toAppError } from '../api/appError';
import { useLoadingStore } from '../ui/loadingStore';
import { PATHS, POLICY_PATHS } from '../routing/paths';
import { translateServerMessage } from '../i18n/serverMessages';

/** Pages where no account prompt interrupts (reading the policies, the clock, updating, a ban). */
const QUIET_PATHS: readonly string[] = [...POLICY_PATHS, PATHS.clock, PATHS.update, PATHS.banned, PATHS.login];

/**
 * Spec 2 §4: once the app data is loaded, a logged-in user who has not agreed to the terms must
 * accept them (or is logged out); then an update notice shows once per version.
 */
export function AccountPrompts() {
  const me = useAuthStore((state) => state.me);
  const loggedIn = useAuthStore((state) => state.tokens !== null);
  const loading = useLoadingStore((state) => state.state);
  const { pathname } = useLocation();
  const ready = loggedIn && me !== null && loading !== 'initial' && loading !== 'app data';
  const quiet = QUIET_PATHS.includes(pathname);
  const needsTerms = ready && !me.hasAgreedTOS;

  useEffect(() => {
    if (!ready || needsTerms || quiet) return;
    const lastSeen = readLastSeenVersion(localStorage);
    if (lastSeen === APP_VERSION) return;
    // Remembered before showing, so the notice shows once even if this runs again.
    rememberVersion(localStorage, APP_VERSION);
    if (!updateNoticeDue(lastSeen, APP_VERSION)) return;
    void openDialog({
      titleKey: 'update_notice.title',
      textKey: 'update_notice.text',
      textParams: { version: APP_VERSION },
      buttons: [{ labelKey: 'common.ok', value: 'ok', variant: 'primary' }],
      testId: 'update-notice',
    });
  }, [ready, needsTerms, quiet]);

  return needsTerms && !quiet ? <TermsDialog /> : null;
}

/** Spec 2 §2 "Terms dialog": Continue is enabled only when the checkbox is ticked; declining logs out. */
function TermsDialog() {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      // The answer is the account with hasAgreedTOS set: the dialog then goes away.
      await updateUser({ hasAgreedTOS: true });
    } catch (caught) {
      const failure = toAppError(caught);
      setError(translateServerMessage(failure.message) || t(`errors.codes.${failure.code}`));
    } finally {
      setBusy(false);
    }
  };

  const decline = () => {
    setBusy(true);
    // Loaded when used: the session layer (socket, schemas, catalogue) is not part of every route.
    void import('../session/logout').then(({ logoutAndLeave }) => logoutAndLeave()).finally(() => setBusy(false));
  };

  return (
    <Modal title={t('terms_dialog.title')} important testId="terms-dialog">
      <p className="dialog__text">{t('terms_dialog.text')}</p>
      <label className="checkbox terms-dialog__check">
        <input
          type="checkbox"
          checked={ticked}
          onChange={(event) => setTicked(event.target.checked)}
          data-testid="terms-accept"
        />
        <span>
          <Trans
            i18nKey="terms_dialog.accept"
            components={{
              terms: <Link to={PATHS.terms} target="_blank" rel="noopener" />,
              privacy: <Link to={PATHS.privacy} target="_blank" rel="noopener" />,
              cookies: <Link to={PATHS.cookies} target="_blank" rel="noopener" />,
            }}
          />
        </span>
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__buttons">
        <button
          type="button"
          className="button button--secondary"
          onClick={decline}
          disabled={busy}
          data-testid="terms-decline"
        >
          {t('terms_dialog.decline')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void accept()}
          disabled={!ticked || busy}
          data-testid="terms-continue"
        >
          {t('terms_dialog.continue')}
        </button>
      </div>
    </Modal>
  );
}
