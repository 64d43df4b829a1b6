/** Spec 3 §9 keyboard shortcut map, the part of this area. */
export type ShortcutAction =
  | 'townSquare'
  | 'night'
  | 'reveal'
  | 'fullscreen'
  | 'timer'
  | 'gong'
  | 'raiseHand'
  | 'gather'
  | 'rules'
  // The character sheet (c, "reference"), the night order (o) and the fabled picker (4): handled in src/sheet.
  | 'sheet'
  | 'nightOrder'
  | 'fabled'
  // The edition picker (2): handled in src/edition.
  | 'edition'
  // The microphone (held for push-to-talk), the camera and deafen: handled in src/voice.
  | 'muteMic'
  | 'muteCam'
  | 'deafen';

export const SHORTCUTS: Readonly<Record<string, ShortcutAction>> = {
  t: 'townSquare',
  n: 'night',
  g: 'reveal',
  f: 'fullscreen',
  z: 'timer',
  r: 'gong',
  ' ': 'raiseHand',
  '1': 'gather',
  '3': 'rules',
  c: 'sheet',
  o: 'nightOrder',
  '4': 'fabled',
  '2': 'edition',
  '.': 'muteMic',
  ',': 'muteCam',
  d: 'deafen',
};

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

const TYPING_TAGS = ['INPUT', 'SELECT', 'TEXTAREA'];

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

/** Space and Enter press a focused button or link: those keys stay theirs. */
const PRESSABLE_TAGS = ['BUTTON', 'A', 'SUMMARY'];

export const shortcutFor = (input: KeyInput): ShortcutAction | null => {
  if (isIgnoredKey(input)) return null;
  if (input.key === ' ' && input.targetTag !== null && PRESSABLE_TAGS.includes(input.targetTag)) return null;
  return SHORTCUTS[input.key.length === 1 ? input.key.toLowerCase() : input.key] ?? null;
};

export interface ShortcutContext {
  isStoryteller: boolean;
  isSeated: boolean;
  /** Spec 1 §2: a reveal-grimoire hook restricts shortcuts to audio, video, settings, leave, fullscreen and deafen. */
  isRevealing: boolean;
  /** A dialogue is open: it has the keyboard. */
  isDialogOpen: boolean;
}

/** Spec 1 §2: what a reveal-grimoire hook leaves (audio, video, fullscreen, deafen; settings and leave are not keys here). */
const REVEAL_ALLOWED: ShortcutAction[] = ['fullscreen', 'muteMic', 'muteCam', 'deafen'];

const STORYTELLER_ONLY: ShortcutAction[] = ['night', 'reveal', 'timer', 'gong', 'gather', 'fabled', 'edition'];

/** Whether an action may run now for this viewer. */
export const shortcutAllowed = (action: ShortcutAction, context: ShortcutContext): boolean => {
  if (context.isDialogOpen) return false;
  if (context.isRevealing) return REVEAL_ALLOWED.includes(action);
  if (STORYTELLER_ONLY.includes(action)) return context.isStoryteller;
  if (action === 'raiseHand') return context.isSeated;
  return true;
};
