import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      <p>{t('app.disclaimer')}</p>
    </footer>
  );
}
