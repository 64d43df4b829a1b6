/**
 * Compares a translation with English: the same keys (plural keys in the language's own plural
 * categories), and the same {{placeholders}} and <tags> in every string.
 */

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every string by its dotted path; arrays (rules sections) count by index. */
const flatten = (tree: unknown, prefix = ''): Map<string, string> => {
  const out = new Map<string, string>();
  if (typeof tree !== 'object' || tree === null) return out;
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
};

const tokens = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}|<\/?([a-z0-9]+)\s*\/?>/gi)].map((m) => m[0].replace(/\s+/g, '')).sort();

export interface ParityReport {
  missing: string[];
  extra: string[];
  placeholders: string[];
  empty: string[];
}

/** Plural bases of English (key without _one/_other), mapped to the English form used as reference. */
export const compareWithEnglish = (english: unknown, translated: unknown, locale: string): ParityReport => {
  const en = flatten(english);
  const tr = flatten(translated);
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
  const expected = new Map<string, string>();
  for (const [key, value] of en) {
    const plural = PLURAL_SUFFIX.exec(key);
    if (!plural) {
      expected.set(key, value);
      continue;
    }
    const base = key.slice(0, -plural[0].length);
    const reference = en.get(`${base}_other`) ?? value;
    for (const category of categories) expected.set(`${base}_${category}`, reference);
  }
  const report: ParityReport = { missing: [], extra: [], placeholders: [], empty: [] };
  for (const [key, reference] of expected) {
    const value = tr.get(key);
    if (value === undefined) report.missing.push(key);
    else if (value.trim() === '' && reference.trim() !== '') report.empty.push(key);
    else {
      // A language's "one" form may spell the number out (Russian "одну минуту"), so only other
      // forms must carry {{count}}; every other placeholder and tag must match.
      const want = tokens(reference).filter((t) => !(t === '{{count}}' && /_(one|zero|two)$/.test(key)));
      const have = tokens(value).filter((t) => !(t === '{{count}}' && /_(one|zero|two)$/.test(key)));
      if (want.join(' ') !== have.join(' ')) report.placeholders.push(`${key}: ${want.join(' ')} ≠ ${have.join(' ')}`);
    }
  }
  for (const key of tr.keys()) if (!expected.has(key)) report.extra.push(key);
  return report;
};
