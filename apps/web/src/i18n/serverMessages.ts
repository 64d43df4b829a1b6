import i18next from 'i18next';

/**
 * The server writes its error messages in English (API.md); people read them in their own language.
 * `server/en.json` lists every message template the server and the engine can send (kept up to date
 * by scripts/server-messages.mjs, checked by a test); `server/<locale>.json` translates them. A
 * message is matched exactly, or against a template whose {{0}}, {{1}}… stand for the values the
 * server filled in; anything unknown stays as the server wrote it.
 */
const LOADERS = import.meta.glob<{ default: Record<string, string> }>(['./server/*.json', '!./server/en.json']);
const loaded = new Map<string, Record<string, string>>();

interface Pattern {
  template: string;
  regex: RegExp;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A table's templates as patterns. Every translation lists the English templates as its keys (a test
 * checks it), so English itself never has to load: an English reader sees the server's own words.
 */
const patternsOf = (table: Record<string, string>): Pattern[] =>
  Object.keys(table)
    .filter((template) => /\{\{\d+\}\}/.test(template))
    .map((template) => ({
      template,
      regex: new RegExp(`^${escape(template).replace(/\\\{\\\{(\d+)\\\}\\\}/g, '(.+?)')}$`),
    }));
const patternCache = new WeakMap<Record<string, string>, Pattern[]>();
const patternsFor = (table: Record<string, string>): Pattern[] => {
  let patterns = patternCache.get(table);
  if (!patterns) patternCache.set(table, (patterns = patternsOf(table)));
  return patterns;
};

const load = async (code: string): Promise<void> => {
  if (code === 'en' || loaded.has(code)) return;
  const loader = LOADERS[`./server/${code}.json`];
  if (!loader) return;
  try {
    loaded.set(code, (await loader()).default);
  } catch {
    // Spec 3 §8: a locale file that fails to load falls back silently to English.
  }
};

i18next.on('languageChanged', (code) => void load(code));
if (i18next.isInitialized) void load(i18next.language);

/** Loads the current language's server messages (the app waits for it on start; tests too). */
export const serverMessagesReady = (): Promise<void> => load(i18next.language);

/** A message through one translation table (exact, then by template). */
export const translateWith = (table: Record<string, string> | undefined, message: string): string => {
  if (!table || !message) return message;
  const exact = table[message];
  if (exact) return exact;
  for (const { template, regex } of patternsFor(table)) {
    const match = regex.exec(message);
    const translated = match ? table[template] : undefined;
    if (match && translated) return translated.replace(/\{\{(\d+)\}\}/g, (_, n: string) => match[Number(n) + 1] ?? '');
  }
  return message;
};

export const translateServerMessage = (message: string, language: string = i18next.language): string =>
  translateWith(loaded.get(language), message);
