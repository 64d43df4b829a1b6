/**
 * Spec 3 §3 Locale catalogue: the 11 interface languages, and how a browser's language tag maps onto
 * them. Shared by the web app (detection) and the server (mails and texts in the user's language).
 */
export const LOCALE_CODES = ['en', 'cs', 'da', 'nl', 'de', 'it', 'pt-BR', 'ru', 'es', 'es-419', 'sv'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];
export const DEFAULT_LOCALE: LocaleCode = 'en';

/** Latin American and Caribbean regions: their Spanish is es-419 (plus the UN M.49 code itself). */
const LATIN_AMERICA = new Set('AR BO BR BZ CL CO CR CU DO EC GT HN MX NI PA PE PR PY SV US UY VE 419'.split(' '));

/** The supported locale a language tag stands for: exact, then by region rule, then by language. */
export const matchLanguage = (tag: string): LocaleCode | undefined => {
  const lower = tag.trim().toLowerCase();
  const exact = LOCALE_CODES.find((code) => code.toLowerCase() === lower);
  if (exact) return exact;
  const [language, ...rest] = lower.split(/[-_]/);
  const region = rest.find((part) => /^([a-z]{2}|\d{3})$/.test(part))?.toUpperCase();
  if (language === 'es') return region && LATIN_AMERICA.has(region) ? 'es-419' : 'es';
  if (language === 'pt') return 'pt-BR';
  return LOCALE_CODES.find((code) => code === language);
};

/** The locale of an Accept-Language header (the web app sends its interface language); English otherwise. */
export const localeOfHeader = (header: string | undefined): LocaleCode => {
  const tags = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
};
