import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage } from './detect';
import en from 'virtual:english-strings/core';
import { DEFAULT_LANGUAGE, LOCALE_CODES } from './locales';

export { DEFAULT_LANGUAGE, LOCALES, localeInfo } from './locales';
export const LANGUAGE_STORAGE_KEY = 'belfry.locale';

/**
 * English ships in the main bundle as the fallback, except the strings of screens that open later
 * (laterStrings.ts); every other locale is its own chunk, loaded on demand.
 */
const LOADERS = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json');
const loaderOf = (code: string) => LOADERS[`./locales/${code}.json`];

/** Spec 3 §8: a locale file that fails to load falls back silently to English. */
const loadBundle = async (code: string): Promise<void> => {
  if (code === DEFAULT_LANGUAGE || i18next.hasResourceBundle(code, 'translation')) return;
  const load = loaderOf(code);
  if (!load) return;
  try {
    const bundle = await load();
    i18next.addResourceBundle(code, 'translation', bundle.default, true, true);
  } catch {
    // English stays the fallback; the selector still shows the chosen language.
  }
};

const readStored = (): string | null => {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
};

const applyDocumentLanguage = (code: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = code;
};

/** Switches every open screen to `code` without a reload and remembers the choice in this browser. */
export const setLanguage = async (code: string): Promise<void> => {
  if (!LOCALE_CODES.includes(code)) return;
  await loadBundle(code);
  await i18next.changeLanguage(code);
  applyDocumentLanguage(code);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
};

const initialLanguage = (): string => {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const { language, removeStored } = detectLanguage(readStored(), browser);
  if (removeStored) {
    try {
      localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    } catch {
      // Nothing stored to remove.
    }
  }
  return language;
};

const start = async () => {
  const language = initialLanguage();
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LOCALE_CODES],
    // Keep 'es-419' and 'pt-BR' whole: they are locales of their own, not regional variants of a base file.
    load: 'currentOnly',
    // React escapes rendered text already.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadBundle(language);
  if (language !== DEFAULT_LANGUAGE) await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
};

export const i18nReady = start();

let laterLoading: Promise<void> | undefined;

/** Loads the English strings of the screens that open later (laterStrings.ts), once. */
export const loadLaterStrings = (): Promise<void> =>
  (laterLoading ??= import('virtual:english-strings/later').then(
    ({ default: later }) => {
      i18next.addResourceBundle(DEFAULT_LANGUAGE, 'translation', later, true, false);
    },
    (error: unknown) => {
      // Offline or a deploy in between: the next opening tries again.
      laterLoading = undefined;
      throw error;
    },
  ));

/**
 * A screen's code together with the later English strings: every dynamic import of a module that
 * shows later keys goes through this (laterStrings.test.ts checks it), so the screen never renders a
 * key before its text has arrived.
 */
export const withLaterStrings = async <Module>(load: () => Promise<Module>): Promise<Module> => {
  const [module] = await Promise.all([load(), loadLaterStrings()]);
  return module;
};

export default i18next;
