import type { Role } from '@belfry/engine';
import { jinxBetween, roleById } from './catalogue';

/**
 * Spec 3 §7: game content in de, en, es-419 and sv, merged over English: a missing entry shows the
 * English text. A locale folder beside `locales/en` holds these four files.
 */
export const CONTENT_LOCALES = ['de', 'es-419', 'sv'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];

export interface CharacterTranslation {
  name?: string;
  ability?: string;
  firstNightReminder?: string;
  otherNightReminder?: string;
}

export interface ContentTexts {
  characters: Record<string, CharacterTranslation>;
  /** Reminder token names, by their English name (the name the grimoire stores). */
  reminders: Record<string, string>;
  /** Jinx explanations by "a|b" (ids sorted), as in English. */
  jinxes: Record<string, string>;
  night: Partial<Record<'dusk' | 'minioninfo' | 'demoninfo' | 'dawn', string>>;
}

/**
 * A catalogue character as it shows in another language. Only official characters carrying the
 * catalogue's own English text change: a custom script keeps its own texts (spec 3 §7), even for an
 * official id. `englishNames` keeps the English name (Settings: English names).
 */
export const localizeRole = <R extends Role | null | undefined>(
  role: R,
  texts: ContentTexts | null,
  englishNames = false,
): R => {
  if (!role || !texts) return role;
  const official = roleById(role.id);
  if (!official || role.isCustom || (role.ability !== undefined && role.ability !== official.ability)) return role;
  const t = texts.characters[role.id];
  // Reminder names stay as stored (the grimoire keeps the English name); localizeReminder shows them.
  if (!t) return role;
  return {
    ...role,
    name: !englishNames && t?.name ? t.name : role.name,
    ...(t?.ability && role.ability !== undefined ? { ability: t.ability } : {}),
    ...(t?.firstNightReminder && role.firstNightReminder ? { firstNightReminder: t.firstNightReminder } : {}),
    ...(t?.otherNightReminder && role.otherNightReminder ? { otherNightReminder: t.otherNightReminder } : {}),
  };
};

/** A reminder token's shown name: translated when the catalogue knows it, else as stored. */
export const localizeReminder = (name: string, texts: ContentTexts | null): string => texts?.reminders[name] ?? name;

/** The jinx explanation in this language, else English; a script's own explanation stays as written. */
export const localizeJinx = (a: string, b: string, english: string, texts: ContentTexts | null): string =>
  english === jinxBetween(a, b) ? (texts?.jinxes[[a, b].sort().join('|')] ?? english) : english;
