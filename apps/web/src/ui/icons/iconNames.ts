/**
 * Which Game Icons (game-icons.net, CC BY 3.0, via @iconify-json/game-icons) Belfry draws. Only the
 * names listed here are bundled: the Vite plugin in vite.config.ts reads these lists and emits just
 * their paths, the interface's as `virtual:game-icons` and each character set's as a chunk of its own
 * (`virtual:game-icons/<set>`). Plain data, so vite.config.ts and tests can read it.
 */

import { FREE_AVATAR_ICONS, LEVEL_AVATAR_ICONS } from './avatarIcons';

export { FREE_AVATAR_ICONS, LEVEL_AVATAR_ICONS };

/**
 * One icon per character of the catalogue (its look, not the official artwork), in sets that load
 * apart: one per edition of the catalogue, the experimental characters in two, fabled and loric in
 * one. A game loads the sets of the characters it shows (ui/icons/iconStore.ts), so a Trouble
 * Brewing game never fetches the experimental characters' icons.
 */
export const CHARACTER_ICON_SETS = {
  tb: {
    chef: 'cook',
    empath: 'heart-beats',
    fortuneteller: 'crystal-ball',
    investigator: 'magnifying-glass',
    librarian: 'bookshelf',
    mayor: 'crown',
    monk: 'prayer',
    ravenkeeper: 'raven',
    slayer: 'crossbow',
    soldier: 'visored-helm',
    undertaker: 'trench-spade',
    virgin: 'lily-pads',
    washerwoman: 'washing-machine',
    butler: 'tied-scroll',
    drunk: 'beer-stein',
    recluse: 'tarot-09-the-hermit',
    saint: 'angel-outfit',
    baron: 'top-hat',
    poisoner: 'poison-bottle',
    scarletwoman: 'lips',
    spy: 'spy',
    imp: 'imp',
    beggar: 'coins',
    bureaucrat: 'stamper',
    gunslinger: 'revolver',
    scapegoat: 'goat',
    thief: 'robber-hand',
  },
  bmr: {
    chambermaid: 'bed',
    courtier: 'wine-glass',
    exorcist: 'holy-symbol',
    fool: 'jester-hat',
    gambler: 'rolling-dices',
    gossip: 'talk',
    grandmother: 'old-lantern',
    innkeeper: 'beer-stein',
    minstrel: 'lyre',
    pacifist: 'peace-dove',
    professor: 'graduate-cap',
    sailor: 'anchor',
    tealady: 'teapot',
    goon: 'muscle-up',
    lunatic: 'potion-of-madness',
    moonchild: 'moon',
    tinker: 'spanner',
    assassin: 'hooded-assassin',
    devilsadvocate: 'scales',
    godfather: 'cigar',
    mastermind: 'brain',
    po: 'spiral-bloom',
    pukka: 'snake',
    shabaloth: 'tentacle-heart',
    zombuul: 'shambling-zombie',
    apprentice: 'school-bag',
    bishop: 'pope-crown',
    judge: 'gavel',
    matron: 'family-house',
    voudon: 'voodoo-doll',
  },
  snv: {
    artist: 'palette',
    clockmaker: 'pocket-watch',
    dreamer: 'night-sleep',
    flowergirl: 'flower-pot',
    juggler: 'juggler',
    mathematician: 'abacus',
    oracle: 'third-eye',
    philosopher: 'scroll-unfurled',
    sage: 'wizard-staff',
    savant: 'light-bulb',
    seamstress: 'sewing-needle',
    snakecharmer: 'snake-spiral',
    towncrier: 'ringing-bell',
    barber: 'scissors',
    klutz: 'falling',
    mutant: 'dna2',
    sweetheart: 'hearts',
    cerenovus: 'brain-tentacle',
    eviltwin: 'two-shadows',
    pithag: 'cauldron',
    witch: 'witch-flight',
    fanggu: 'fangs',
    nodashii: 'snake-totem',
    vigormortis: 'skeletal-hand',
    vortox: 'vortex',
    barista: 'coffee-cup',
    bonecollector: 'crossed-bones',
    butcher: 'meat-cleaver',
    deviant: 'clown',
    harlot: 'lipstick',
  },
  'carousel-townsfolk': {
    acrobat: 'acrobatic',
    alchemist: 'cauldron',
    alsaahir: 'turban',
    amnesiac: 'brain-freeze',
    atheist: 'broken-shield',
    balloonist: 'air-balloon',
    banshee: 'screaming',
    bountyhunter: 'wanted-reward',
    cannibal: 'meat',
    choirboy: 'musical-notes',
    cultleader: 'hood',
    engineer: 'gears',
    farmer: 'wheat',
    fisherman: 'fishing-pole',
    general: 'medal',
    highpriestess: 'tarot-02-the-high-priestess',
    huntsman: 'hunting-horn',
    king: 'crown',
    knight: 'black-knight-helm',
    lycanthrope: 'werewolf',
    magician: 'magic-hat',
    nightwatchman: 'lantern-flame',
    noble: 'ring',
    pixie: 'fairy',
    poppygrower: 'flower-emblem',
    preacher: 'church',
    princess: 'tiara',
    shugenja: 'compass',
    steward: 'key',
    villageidiot: 'dunce-cap',
  },
  'carousel-others': {
    damsel: 'heart-inside',
    golem: 'golem-head',
    hatter: 'top-hat',
    heretic: 'burning-book',
    hermit: 'cave-entrance',
    ogre: 'ogre',
    plaguedoctor: 'plague-doctor-profile',
    politician: 'public-speaker',
    puzzlemaster: 'puzzle',
    snitch: 'whistle',
    zealot: 'flag-objective',
    boffin: 'erlenmeyer',
    boomdandy: 'time-bomb',
    fearmonger: 'terror',
    goblin: 'goblin-head',
    harpy: 'harpy',
    marionette: 'puppet',
    mezepheles: 'evil-book',
    organgrinder: 'pipe-organ',
    psychopath: 'bloody-sword',
    summoner: 'pentacle',
    vizier: 'scroll-quill',
    widow: 'spider-alt',
    wizard: 'wizard-face',
    wraith: 'spectre',
    xaan: 'cross-mark',
    alhadikhia: 'tombstone',
    kazali: 'goblin-camp',
    legion: 'meeple-group',
    leviathan: 'sea-serpent',
    lilmonsta: 'baby-face',
    lleech: 'leeching-worm',
    lordoftyphon: 'dragon-head',
    ojo: 'eyeball',
    riot: 'riot-shield',
    yaggababble: 'talk',
    cacklejack: 'jester-hat',
    gangster: 'fedora',
    gnome: 'bad-gnome',
    deusexfiasco: 'spell-book',
    ferryman: 'sailboat',
  },
  fabled: {
    angel: 'angel-wings',
    buddhist: 'meditation',
    djinn: 'djinn',
    doomsayer: 'death-note',
    duchess: 'queen-crown',
    fibbin: 'nose-side',
    fiddler: 'violin',
    hellslibrarian: 'book-cover',
    revolutionary: 'barricade',
    sentinel: 'sentry-gun',
    spiritofivory: 'elephant-head',
    toymaker: 'toy-mallet',
    bigwig: 'mustache',
    bootlegger: 'bottle-cap',
    gardener: 'flower-pot',
    godofug: 'cracked-helm',
    hindu: 'lotus',
    knaves: 'card-jack-spades',
    pope: 'pope-crown',
    stormcatcher: 'lightning-storm',
    tor: 'tower-flag',
    ventriloquist: 'puppet',
    zenomancer: 'yin-yang',
  },
} as const satisfies Record<string, Record<string, string>>;

export type IconSetName = keyof typeof CHARACTER_ICON_SETS;

export const ICON_SET_NAMES = Object.keys(CHARACTER_ICON_SETS) as IconSetName[];

/** Every character's icon, whatever its set. */
export const CHARACTER_ICONS: Readonly<Record<string, string>> = Object.assign(
  {},
  ...Object.values(CHARACTER_ICON_SETS),
);

/** For characters without an icon of their own (custom characters): one per team. */
export const TEAM_ICONS: Readonly<Record<string, string>> = {
  townsfolk: 'village',
  outsider: 'hooded-figure',
  minion: 'imp-laugh',
  demon: 'devil-mask',
  traveller: 'walking-boot',
  fabled: 'dragon-head',
  loric: 'scroll-unfurled',
};

/** Icons of the interface. */
export const UI_ICONS = {
  menu: 'cog',
  skull: 'death-skull',
  openEyes: 'eyeball',
  peekEyes: 'semi-closed-eye',
  pointing: 'pointing',
  gong: 'gong',
  timer: 'sands-of-time',
  night: 'moon',
  day: 'sun',
  shroud: 'hood',
  vote: 'vote',
  good: 'laurel-crown',
  evil: 'evil-hand',
  reveal: 'open-book',
  gather: 'meeple-group',
  fullscreen: 'expand',
  drag: 'hand-grip',
  trash: 'trash-can',
  alive: 'hearts',
  ghost: 'ghost',
  note: 'quill-ink',
  dice: 'perspective-dice-six-faces-random',
  leave: 'exit-door',
  whisper: 'shaking-hands',
  edition: 'spell-book',
  fabled: 'dragon-head',
  sheet: 'scroll-quill',
  help: 'rule-book',
  rules: 'scroll-unfurled',
  start: 'sunrise',
  users: 'village',
} as const;

/** Spec 1 §9 hand icons (and the powerful extras): the icon name the server takes → the Game Icon drawn. */
export const HAND_ICONS: Readonly<Record<string, string>> = {
  hand: 'hand',
  fist: 'fist',
  peace: 'peace-dove',
  'thumbs-up': 'thumb-up',
  'thumbs-down': 'thumb-down',
  spock: 'spock-hand',
  lizard: 'lizard-tongue',
  'middle-finger': 'smoking-finger',
  smile: 'sharp-smile',
  frown: 'worried-eyes',
};

/** Spec 2 §3 cosmetic emotes an account may hold (raised as 'emote:{name}'), drawn with our own icons. */
export const EMOTE_ICONS: Readonly<Record<string, string>> = {
  bugreporter: 'bug-net',
  worldcup25: 'trophy-cup',
};

/**
 * The interface's icons (teams, controls, hands, avatars): small, and there as soon as the game screen
 * is. The Lobby draws the avatars among them without the game screen's code (people/avatars), which is
 * why their names live in a module of their own (avatarIcons.ts), outside the game screen's chunk.
 */
export const INTERFACE_ICON_NAMES: readonly string[] = [
  ...new Set([
    ...Object.values(TEAM_ICONS),
    ...Object.values(UI_ICONS),
    ...Object.values(HAND_ICONS),
    ...Object.values(EMOTE_ICONS),
    ...FREE_AVATAR_ICONS,
    ...LEVEL_AVATAR_ICONS,
  ]),
];

const interfaceIcons = new Set(INTERFACE_ICON_NAMES);

/** The icons a character set brings: its characters' own, less those the interface has already. */
export const iconSetIcons = (set: IconSetName): string[] => [
  ...new Set(Object.values(CHARACTER_ICON_SETS[set]).filter((name: string) => !interfaceIcons.has(name))),
];

/** For each character icon the interface lacks, the sets that bring it (one icon may serve several editions). */
export const ICON_SETS_OF: Readonly<Record<string, readonly IconSetName[]>> = (() => {
  const sets: Record<string, IconSetName[]> = {};
  for (const set of ICON_SET_NAMES) for (const name of iconSetIcons(set)) (sets[name] ??= []).push(set);
  return sets;
})();

export const ALL_GAME_ICON_NAMES: readonly string[] = [
  ...new Set([...INTERFACE_ICON_NAMES, ...Object.values(CHARACTER_ICONS)]),
];

/** The icon for a role: its own, else its team's. */
export const roleIconName = (role: { id: string; team: string }): string =>
  CHARACTER_ICONS[role.id] ?? TEAM_ICONS[role.team] ?? TEAM_ICONS.townsfolk!;

/** The icon for a raised hand: a built-in or powerful one, or a role icon ('role:{id}'). */
export const handIconName = (icon: string): string => {
  if (icon.startsWith('role:')) return CHARACTER_ICONS[icon.slice(5)] ?? HAND_ICONS.hand!;
  if (icon.startsWith('emote:')) return EMOTE_ICONS[icon.slice(6)] ?? HAND_ICONS.hand!;
  return HAND_ICONS[icon] ?? HAND_ICONS.hand!;
};
