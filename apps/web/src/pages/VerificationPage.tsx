import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { logoutAndLeave } from '../app/account';
import { SimplePage } from '../components/SimplePage';

/** E-mail verification arrives in a later issue; for now the page explains itself and lets the user on. */
export function VerificationPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('verification.title')} testId="verification-page">
      <p>{t('verification.text')}</p>
      <div className="simple-page__actions">
        <Link className="button button--primary" to="/">
          {t('common.to_lobby')}
        </Link>
        <button type="button" className="button button--secondary" onClick={() => void logoutAndLeave()}>
          {t('lobby.logout')}
        </button>
      </div>
    </SimplePage>
  );
}
