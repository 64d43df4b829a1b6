import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCALES, localeInfo, setLanguage } from '../i18n';
import { PATHS } from '../routing/paths';

/**
 * Spec 1 §2 version bar: the language selector (each language by its own name) and, for a
 * translation that is not official, the translation disclaimer linking to the catalogue.
 */
export function LanguageSelect({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = localeInfo(i18n.language) ?? LOCALES[0]!;
  return (
    <span className={`language-select ${className}`}>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        className="language-select__select"
        value={current.code}
        onChange={(event) => void setLanguage(event.target.value)}
        data-testid="language-select"
      >
        {LOCALES.map((locale) => (
          <option key={locale.code} value={locale.code} lang={locale.code}>
            {locale.name}
          </option>
        ))}
      </select>
      {!current.official && (
        <Link
          to={PATHS.translations}
          className="language-select__disclaimer"
          title={t('language.disclaimer_long')}
          data-testid="translation-disclaimer"
        >
          {t('language.disclaimer')}
        </Link>
      )}
    </span>
  );
}
