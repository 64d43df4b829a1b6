import { useTranslation } from 'react-i18next';
import { logoutAndLeave } from '../app/account';
import { SimplePage } from '../components/SimplePage';

/** Spec 2 §2 "Banned page"; reason and expiry come with the moderation issue. */
export function BannedPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('banned.title')} testId="banned-page">
      <p>{t('banned.text')}</p>
      <p className="muted">{t('banned.permanent')}</p>
      <button type="button" className="button button--secondary" onClick={() => void logoutAndLeave()}>
        {t('lobby.logout')}
      </button>
    </SimplePage>
  );
}
