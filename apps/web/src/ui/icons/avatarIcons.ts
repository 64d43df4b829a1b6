/**
 * The Game Icons of the avatars Belfry draws (plain data: iconNames.ts bundles them with the
 * interface's icons, people/avatars draws them). Apart from iconNames.ts because the Lobby shows
 * avatars and must not load the game screen's modules, among which iconNames.ts is.
 */

/**
 * Spec 2 §9 avatars 0–25, free for everyone: Belfry's own choice of Game Icons, each drawn on a disc
 * of its own colour (people/avatars/avatarSet.ts). The index is the avatar id. None is a character's
 * or the interface's icon, so an avatar on an empty-role seat is never taken for a role.
 */
export const FREE_AVATAR_ICONS: readonly string[] = [
  'mouse',
  'cat',
  'wolf-head',
  'fox-head',
  'bear-face',
  'hedgehog',
  'squirrel',
  'butterfly',
  'mushroom',
  'acorn',
  'maple-leaf',
  'rose',
  'bird-house',
  'feather',
  'spiral-shell',
  'castle',
  'candle-light',
  'snowflake-1',
  'clover',
  'pine-tree',
  'hourglass',
  'chess-knight',
  'sparrow',
  'lighthouse',
  'whale-tail',
  'bat',
];

/** Avatars -1 to -6, for accounts with a level (spec 2 §5): index 0 is avatar -1. */
export const LEVEL_AVATAR_ICONS: readonly string[] = [
  'lion',
  'unicorn',
  'pegasus',
  'sea-dragon',
  'crowned-heart',
  'fairy-wand',
];
