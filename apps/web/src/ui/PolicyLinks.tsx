import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../routing/paths';

/** Spec 2 §2 "Login screen": links to the terms, privacy and cookie policies. */
export function PolicyLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <nav className={`policy-links ${className ?? ''}`} aria-label={t('policy.links_label')}>
      <Link to={PATHS.terms}>{t('policy.terms.title')}</Link>
      <Link to={PATHS.privacy}>{t('policy.privacy.title')}</Link>
      <Link to={PATHS.cookies}>{t('policy.cookies.title')}</Link>
    </nav>
  );
}
