/**
 * Spec 2 §5 "Session": the name defaults to a random number up to 100000. A name needs at least 3
 * characters, so the number is drawn from 100 to 100000. `random` is Math.random's [0, 1).
 */
export const MAX_DEFAULT_NAME = 100_000;
const MIN_DEFAULT_NAME = 100;

export const defaultSessionName = (random: number): string =>
  String(
    MIN_DEFAULT_NAME +
      Math.floor(Math.min(Math.max(random, 0), 0.999999999) * (MAX_DEFAULT_NAME - MIN_DEFAULT_NAME + 1)),
  );

/** Spec 2 §3 "Session meta": the language defaults from the browser; the primary subtag ('de-AT' → 'de'). */
export const browserLanguage = (navigatorLanguage: string | undefined, fallback = 'en'): string => {
  const primary = (navigatorLanguage ?? '').split(/[-_]/)[0]?.toLowerCase() ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : fallback;
};

/** Languages offered for a session; the browser's own and the current one are added when missing. */
export const SESSION_LANGUAGES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'pl',
  'sv',
  'da',
  'no',
  'fi',
  'cs',
  'hu',
  'ro',
  'ru',
  'uk',
  'tr',
  'el',
  'he',
  'ar',
  'hi',
  'zh',
  'ja',
  'ko',
] as const;

export const languageOptions = (...extra: string[]): string[] => {
  const all: string[] = [...SESSION_LANGUAGES];
  for (const code of extra) if (code && !all.includes(code)) all.push(code);
  return all;
};
