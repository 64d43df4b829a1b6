import { readKey, writeKey, type KeyValueStore } from './storage';

/** Spec 3 §2 Themes: 6 backgrounds each for tb, bmr and snv, 8 for custom scripts and 3 generic ones. */
export const THEME_COUNTS = { tb: 6, bmr: 6, snv: 6, custom: 8, generic: 3 } as const;
export type ThemeGroup = keyof typeof THEME_COUNTS;

export const themeIds = (group: ThemeGroup): string[] =>
  Array.from({ length: THEME_COUNTS[group] }, (_, i) => `${group}-${i + 1}`);

/** tb, bmr and snv have their own; every other edition (custom, homebrew, experimental) the custom set. */
export const themeGroupOf = (editionId: string): Exclude<ThemeGroup, 'generic'> =>
  editionId === 'tb' || editionId === 'bmr' || editionId === 'snv' ? editionId : 'custom';

/** What the picker offers for an edition: its own backgrounds, then the generic ones. */
export const themesFor = (editionId: string): string[] => [
  ...themeIds(themeGroupOf(editionId)),
  ...themeIds('generic'),
];

/** Our own SVG artwork in public/themes. */
export const themeUrl = (themeId: string): string => `/themes/${themeId}.svg`;

/** The choice is kept per user: one entry per theme group, in localStorage. */
export const themeKey = (userId: string): string => `belfry.theme.${userId}`;

const readChoices = (store: KeyValueStore, userId: string): Record<string, string> => {
  try {
    const parsed: unknown = JSON.parse(readKey(store, themeKey(userId)) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
};

/** The user's background for this edition: their choice for its group, else the group's first. */
export const chosenTheme = (store: KeyValueStore, userId: string, editionId: string): string => {
  const group = themeGroupOf(editionId);
  const saved = readChoices(store, userId)[group];
  return saved && themesFor(editionId).includes(saved) ? saved : `${group}-1`;
};

/** Keeps a choice for this edition's group; one it does not offer is ignored. */
export const saveTheme = (store: KeyValueStore, userId: string, editionId: string, themeId: string): boolean => {
  if (!themesFor(editionId).includes(themeId)) return false;
  writeKey(
    store,
    themeKey(userId),
    JSON.stringify({ ...readChoices(store, userId), [themeGroupOf(editionId)]: themeId }),
  );
  return true;
};
