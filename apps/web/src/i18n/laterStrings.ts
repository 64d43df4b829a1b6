/**
 * English strings of screens that open later (rules, settings, moderation, the tournament, game
 * records, one's own profile, phone verification, the voice setup): not part of the app's first
 * download, but a chunk that `withLaterStrings` loads beside such a screen's code. Plain data, read
 * by vite.config.ts (which splits en.json along it) and by laterStrings.test.ts (which checks that no
 * module of a first load uses these keys).
 */
export const LATER_KEYS = [
  'rules',
  'settings',
  'moderation',
  'tournament',
  'records',
  'avatar',
  'phone',
  'voice.setup',
] as const;

/** Keys under LATER_KEYS that screens of a first load show (a button to open the later screen, a notice). */
export const KEPT_IN_CORE = [
  'settings.custom_css_confirm',
  'moderation.announcement.received',
  'moderation.announcement.open',
  'records.lobby_button',
  'records.open_record',
  'tournament.lobby_button',
  'tournament.footer_link',
  'avatar.of',
  'avatar.edit.open_own',
  'avatar.edit.stats_hidden_own',
  'voice.setup.open',
] as const;

type Tree = { [key: string]: Tree | string };

const under = (key: string, prefix: string) => key === prefix || key.startsWith(`${prefix}.`);

/** Whether the key (or key prefix) `key` is loaded later. */
export const isLaterKey = (key: string): boolean =>
  LATER_KEYS.some((prefix) => under(key, prefix)) && !KEPT_IN_CORE.some((prefix) => under(key, prefix));

/** Splits a translation tree into what ships with the app and what loads later. */
export const splitStrings = (all: Tree): { core: Tree; later: Tree } => {
  const walk = (node: Tree, path: string): { core?: Tree; later?: Tree } => {
    const core: Tree = {};
    const later: Tree = {};
    for (const [name, value] of Object.entries(node)) {
      const key = path ? `${path}.${name}` : name;
      // A group that holds both kinds (settings with its custom CSS question) is split further down.
      const mixed = [...LATER_KEYS, ...KEPT_IN_CORE].some((prefix) => prefix !== key && under(prefix, key));
      if (typeof value === 'object' && mixed) {
        const parts = walk(value, key);
        if (parts.core) core[name] = parts.core;
        if (parts.later) later[name] = parts.later;
      } else if (isLaterKey(key)) later[name] = value;
      else core[name] = value;
    }
    return {
      ...(Object.keys(core).length > 0 ? { core } : {}),
      ...(Object.keys(later).length > 0 ? { later } : {}),
    };
  };
  const { core = {}, later = {} } = walk(all, '');
  return { core, later };
};
