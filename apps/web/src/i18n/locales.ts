import { DEFAULT_LOCALE, LOCALE_CODES as PROTOCOL_CODES } from '@belfry/protocol/locales';

/**
 * Spec 3 §3 Locale catalogue: the 11 interface languages, each with its own name, whether the
 * translation is official (no disclaimer), and who wrote it. Game content (character texts) exists in
 * four of them (spec 3 §7); the others show it in English.
 */
export interface LocaleInfo {
  code: string;
  /** The language's name in itself, as the selector shows it. */
  name: string;
  official: boolean;
  contributors: string[];
  /** Character names, abilities, reminders and jinxes exist in this language. */
  content: boolean;
}

const PROJECT = ['The Belfry project'];

export const LOCALES: readonly LocaleInfo[] = [
  { code: 'en', name: 'English', official: true, contributors: PROJECT, content: true },
  { code: 'cs', name: 'Čeština', official: false, contributors: PROJECT, content: false },
  { code: 'da', name: 'Dansk', official: false, contributors: PROJECT, content: false },
  { code: 'nl', name: 'Nederlands', official: false, contributors: PROJECT, content: false },
  { code: 'de', name: 'Deutsch', official: true, contributors: PROJECT, content: true },
  { code: 'it', name: 'Italiano', official: false, contributors: PROJECT, content: false },
  { code: 'pt-BR', name: 'Português (Brasil)', official: false, contributors: PROJECT, content: false },
  { code: 'ru', name: 'Русский', official: true, contributors: PROJECT, content: false },
  { code: 'es', name: 'Español', official: true, contributors: PROJECT, content: false },
  { code: 'es-419', name: 'Español (Latinoamérica)', official: false, contributors: PROJECT, content: true },
  { code: 'sv', name: 'Svenska', official: false, contributors: PROJECT, content: true },
];

export const DEFAULT_LANGUAGE = DEFAULT_LOCALE;
export const LOCALE_CODES: readonly string[] = PROTOCOL_CODES;

export const localeInfo = (code: string): LocaleInfo | undefined => LOCALES.find((locale) => locale.code === code);
