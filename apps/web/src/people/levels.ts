/** Account levels of spec 2 §3 with a name of their own in en.json (`levels.*`). */
export const KNOWN_LEVELS = [
  'none',
  'free',
  'patreon-townsfolk',
  'patreon-minion',
  'patreon-demon',
  'special-free',
  'special-moderator',
  'special-tpi',
  'app-single',
  'app-group',
] as const;

/** The i18n key of a level's name, or null for a level this build does not know (shown as it is). */
export const levelKey = (level: string): string | null =>
  (KNOWN_LEVELS as readonly string[]).includes(level) ? `levels.${level.replace(/-/g, '_')}` : null;
