import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SimplePage } from '../components/SimplePage';

export function UpdatePage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('update.title')} testId="update-page">
      <p>{t('update.text')}</p>
      <div className="simple-page__actions">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('update.reload')}
        </button>
        <Link className="button button--secondary" to="/">
          {t('common.to_lobby')}
        </Link>
      </div>
    </SimplePage>
  );
}
