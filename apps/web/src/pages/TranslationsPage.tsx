import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCALES } from '../i18n';
import { PATHS } from '../routing/paths';
import { SimplePage } from '../ui/SimplePage';
import './TranslationsPage.css';

/** Spec 3 §3 Locale catalogue: every language with its own name, status, game content and contributors. */
export function TranslationsPage() {
  const { t } = useTranslation();
  return (
    <SimplePage title={t('language.catalogue_title')} testId="translations-page">
      <p>{t('language.catalogue_intro')}</p>
      <table className="translations">
        <thead>
          <tr>
            <th scope="col">{t('language.column_language')}</th>
            <th scope="col">{t('language.column_status')}</th>
            <th scope="col">{t('language.column_content')}</th>
            <th scope="col">{t('language.column_contributors')}</th>
          </tr>
        </thead>
        <tbody>
          {LOCALES.map((locale) => (
            <tr key={locale.code} data-testid={`translation-${locale.code}`}>
              <th scope="row" lang={locale.code}>
                {locale.name} <span className="translations__code">{locale.code}</span>
              </th>
              <td>{t(locale.official ? 'language.official' : 'language.community')}</td>
              <td>{t(locale.content ? 'language.content_yes' : 'language.content_no')}</td>
              <td>{locale.contributors.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('language.contribute')}</p>
      <div className="simple-page__actions">
        <Link className="button button--secondary" to={PATHS.lobby}>
          {t('common.to_lobby')}
        </Link>
      </div>
    </SimplePage>
  );
}
