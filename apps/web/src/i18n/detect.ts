import { DEFAULT_LOCALE, LOCALE_CODES, matchLanguage } from '@belfry/protocol/locales';

export { matchLanguage };

/**
 * Spec 3 §3: a stored value that is a supported locale wins; an unknown stored value is removed;
 * otherwise the first supported browser language; else English.
 */
export const detectLanguage = (
  stored: string | null,
  browserLanguages: readonly string[],
): { language: string; removeStored: boolean } => {
  if (stored !== null && (LOCALE_CODES as readonly string[]).includes(stored)) {
    return { language: stored, removeStored: false };
  }
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return { language: match, removeStored: stored !== null };
  }
  return { language: DEFAULT_LOCALE, removeStored: stored !== null };
};
