/** Spec 3 §9 keyboard shortcut map: every action, in the order the shortcuts tab lists them. */
export const SHORTCUT_ACTIONS = [
  // The whisper queue: Enter opens whispers; 1/2/3 and Backspace are src/chat's (they come first there).
  'whisper',
  'acceptChat1',
  'acceptChat2',
  'acceptChat3',
  'leaveChat',
  'raiseHand',
  'townSquare',
  'night',
  'nightSignal',
  // The character sheet (c, "reference"), the night order (o) and the fabled picker (4): src/script.
  'sheet',
  'nightOrder',
  'settings',
  'shortcuts',
  'users',
  'timer',
  'gong',
  'reveal',
  'fullscreen',
  'voteHistory',
  // Deafen, the microphone (held for push-to-talk) and the camera: src/voice.
  'deafen',
  'muteMic',
  'muteCam',
  'leave',
  'gather',
  // The edition picker (2): src/script.
  'edition',
  'rules',
  'fabled',
  'roles',
] as const;

export type ShortcutAction = (typeof SHORTCUT_ACTIONS)[number];

/** Spec 3 §3 keybindings: action name to its list of keys. */
export type Bindings = Readonly<Record<ShortcutAction, readonly string[]>>;

/**
 * Spec 3 §9 defaults. Some keys do two things on purpose (1 accepts a whisper when one waits, else
 * gathers; n is night for the Storyteller and the night signals for everyone else). None of
 * w, i, s, h, e: they spell the hidden prompt's word.
 */
export const DEFAULT_BINDINGS: Bindings = {
  whisper: ['Enter'],
  acceptChat1: ['1'],
  acceptChat2: ['2'],
  acceptChat3: ['3'],
  leaveChat: ['Backspace'],
  raiseHand: [' '],
  townSquare: ['t'],
  night: ['n'],
  nightSignal: ['n'],
  sheet: ['c'],
  nightOrder: ['o'],
  settings: ['q'],
  shortcuts: ['/'],
  users: ['u'],
  timer: ['z'],
  gong: ['r'],
  reveal: ['g'],
  fullscreen: ['f'],
  voteHistory: ['v'],
  deafen: ['d'],
  muteMic: ['.'],
  muteCam: [','],
  leave: ['l'],
  gather: ['1'],
  edition: ['2'],
  rules: ['3'],
  fabled: ['4'],
  roles: ['5'],
};

/** The whisper queue's own keys, taken before the table's (src/chat listens in the capture phase). */
export const QUEUE_ACTIONS: readonly ShortcutAction[] = ['acceptChat1', 'acceptChat2', 'acceptChat3', 'leaveChat'];

/** Letters are bound in lower case, so Caps Lock does not change what a key does. */
export const normalizeKey = (key: string): string => (key.length === 1 ? key.toLowerCase() : key);

/** Every action a key is bound to, in the map's order. */
export const actionsForKey = (bindings: Bindings, key: string): ShortcutAction[] => {
  const normal = normalizeKey(key);
  return SHORTCUT_ACTIONS.filter((action) => bindings[action].includes(normal));
};

/** The default map read the other way: key to its actions (e.g. to check a key is free). */
export const SHORTCUTS: Readonly<Record<string, readonly ShortcutAction[]>> = Object.fromEntries(
  [...new Set(Object.values(DEFAULT_BINDINGS).flat())].map((key) => [key, actionsForKey(DEFAULT_BINDINGS, key)]),
);

/** The parts of a keyboard event the filter looks at (a plain object in tests). */
export interface KeyInput {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  /** Tag name of the event target, upper case as the DOM gives it. */
  targetTag: string | null;
  targetEditable: boolean;
}

/** The parts of a key event the shortcut rules look at. */
export const keyInputOf = (event: KeyboardEvent): KeyInput => {
  const target = event.target instanceof HTMLElement ? event.target : null;
  return {
    key: event.key,
    ctrlKey: event.ctrlKey,
    altKey: event.altKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    targetTag: target?.tagName ?? null,
    targetEditable: target?.isContentEditable ?? false,
  };
};

const TYPING_TAGS = ['INPUT', 'SELECT', 'TEXTAREA'];
const MODIFIERS = ['Control', 'Alt', 'Meta', 'Shift'];

/**
 * Spec 1 §5 / spec 3 §5: shortcuts are ignored while typing in select, input or textarea, and with
 * a modifier held unless the key itself is that modifier.
 */
export const isIgnoredKey = (input: KeyInput): boolean => {
  if (input.targetEditable || (input.targetTag !== null && TYPING_TAGS.includes(input.targetTag))) return true;
  return (
    (input.ctrlKey && input.key !== 'Control') ||
    (input.altKey && input.key !== 'Alt') ||
    (input.metaKey && input.key !== 'Meta') ||
    (input.shiftKey && input.key !== 'Shift')
  );
};

/** Whether a key may be recorded as a binding: a modifier alone, or a key with no modifier held. */
export const isRecordableKey = (input: Omit<KeyInput, 'targetTag' | 'targetEditable'>): boolean =>
  MODIFIERS.includes(input.key) || (!input.ctrlKey && !input.altKey && !input.metaKey && !input.shiftKey);

/** Space and Enter press a focused button or link: those keys stay theirs. */
const PRESSABLE_TAGS = ['BUTTON', 'A', 'SUMMARY'];
const PRESS_KEYS = [' ', 'Enter'];

/** The table's actions for a key (the whisper queue's are left to it), with the given bindings. */
export const shortcutsFor = (input: KeyInput, bindings: Bindings = DEFAULT_BINDINGS): ShortcutAction[] => {
  if (isIgnoredKey(input)) return [];
  if (PRESS_KEYS.includes(input.key) && input.targetTag !== null && PRESSABLE_TAGS.includes(input.targetTag)) return [];
  return actionsForKey(bindings, input.key).filter((action) => !QUEUE_ACTIONS.includes(action));
};

/** The first of the table's actions for a key, or null. */
export const shortcutFor = (input: KeyInput, bindings: Bindings = DEFAULT_BINDINGS): ShortcutAction | null =>
  shortcutsFor(input, bindings)[0] ?? null;

export interface ShortcutContext {
  isStoryteller: boolean;
  isSeated: boolean;
  /** Spec 1 §2: a reveal-grimoire hook restricts the menu and shortcuts. */
  isRevealing: boolean;
  /** A dialogue is open: it has the keyboard. */
  isDialogOpen: boolean;
}

/** Spec 1 §2: what a reveal-grimoire hook leaves: audio, video, settings, shortcuts, leave, fullscreen and deafen. */
export const REVEAL_ALLOWED: readonly ShortcutAction[] = [
  'muteMic',
  'muteCam',
  'settings',
  'shortcuts',
  'leave',
  'fullscreen',
  'deafen',
];

const STORYTELLER_ONLY: readonly ShortcutAction[] = [
  'night',
  'reveal',
  'timer',
  'gong',
  'gather',
  'fabled',
  'edition',
  'roles',
];

/** Whether an action may run now for this viewer. */
export const shortcutAllowed = (action: ShortcutAction, context: ShortcutContext): boolean => {
  if (context.isDialogOpen) return false;
  if (context.isRevealing) return REVEAL_ALLOWED.includes(action);
  if (STORYTELLER_ONLY.includes(action)) return context.isStoryteller;
  // The Storyteller's n is the night itself; everyone else's opens the signals received.
  if (action === 'nightSignal') return !context.isStoryteller;
  if (action === 'raiseHand') return context.isSeated;
  return true;
};

/** How a key is written on screen (the words for Space and the like come from the caller's i18n). */
export const keyLabel = (key: string): string => (key.length === 1 ? key.toUpperCase() : key);
