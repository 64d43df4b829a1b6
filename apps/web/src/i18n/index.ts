import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

export const DEFAULT_LANGUAGE = 'en';

/** Every user-visible string comes from these resources; more languages are added beside `en`. */
export const resources = { en: { translation: en } } as const;

export const i18nReady = i18next.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  // React escapes rendered text already.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18next;
