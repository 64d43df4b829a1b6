import { config } from 'zod/v4';

type LocaleModule = { default: () => Parameters<typeof config>[0] };

/**
 * Script-validation messages in the interface language (issue 20): zod's own translations, one small
 * chunk each, loaded with the schema when a Storyteller loads a script. Latin American Spanish reads
 * zod's Spanish.
 */
const LOCALES: Record<string, () => Promise<LocaleModule>> = {
  en: () => import('zod/v4/locales/en.js'),
  cs: () => import('zod/v4/locales/cs.js'),
  da: () => import('zod/v4/locales/da.js'),
  de: () => import('zod/v4/locales/de.js'),
  es: () => import('zod/v4/locales/es.js'),
  'es-419': () => import('zod/v4/locales/es.js'),
  it: () => import('zod/v4/locales/it.js'),
  nl: () => import('zod/v4/locales/nl.js'),
  'pt-BR': () => import('zod/v4/locales/pt-BR.js'),
  ru: () => import('zod/v4/locales/ru.js'),
  sv: () => import('zod/v4/locales/sv.js'),
};

export const applyValidationLanguage = async (language: string): Promise<void> => {
  const load = LOCALES[language] ?? LOCALES.en!;
  try {
    config((await load()).default());
  } catch {
    // English messages stay: a missing chunk must not stop a script from loading.
  }
};
