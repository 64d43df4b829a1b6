import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BINDINGS,
  isIgnoredKey,
  isRecordableKey,
  REVEAL_ALLOWED,
  SHORTCUT_ACTIONS,
  SHORTCUTS,
  shortcutAllowed,
  shortcutFor,
  shortcutsFor,
  type KeyInput,
} from './shortcuts';

const key = (k: string, extra: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  shiftKey: false,
  targetTag: 'BODY',
  targetEditable: false,
  ...extra,
});

describe('keyboard shortcuts (spec 3 §9)', () => {
  it('hold the whole map of spec 3 §9', () => {
    const map: Record<string, string[]> = {
      Enter: ['whisper'],
      '1': ['acceptChat1', 'gather'],
      '2': ['acceptChat2', 'edition'],
      '3': ['acceptChat3', 'rules'],
      Backspace: ['leaveChat'],
      ' ': ['raiseHand'],
      t: ['townSquare'],
      n: ['night', 'nightSignal'],
      c: ['sheet'],
      o: ['nightOrder'],
      q: ['settings'],
      '/': ['shortcuts'],
      u: ['users'],
      z: ['timer'],
      r: ['gong'],
      g: ['reveal'],
      f: ['fullscreen'],
      v: ['voteHistory'],
      d: ['deafen'],
      '.': ['muteMic'],
      ',': ['muteCam'],
      l: ['leave'],
      '4': ['fabled'],
      '5': ['roles'],
    };
    expect(SHORTCUTS).toEqual(map);
    expect(SHORTCUT_ACTIONS).toHaveLength(28);
    for (const action of SHORTCUT_ACTIONS) expect(DEFAULT_BINDINGS[action].length).toBeGreaterThan(0);
  });

  it('leaves 1/2/3 and Backspace of the whisper queue to it, and offers both actions of n', () => {
    expect(shortcutsFor(key('1'))).toEqual(['gather']);
    expect(shortcutsFor(key('Backspace'))).toEqual([]);
    expect(shortcutsFor(key('n'))).toEqual(['night', 'nightSignal']);
    expect(shortcutsFor(key('Enter'))).toEqual(['whisper']);
    expect(shortcutsFor(key('Enter', { targetTag: 'BUTTON' }))).toEqual([]);
  });

  it("follows the user's own bindings", () => {
    const bindings = { ...DEFAULT_BINDINGS, townSquare: ['y'], settings: ['q', 'F2'] };
    expect(shortcutFor(key('y'), bindings)).toBe('townSquare');
    expect(shortcutFor(key('t'), bindings)).toBeNull();
    expect(shortcutFor(key('F2'), bindings)).toBe('settings');
  });

  it('records a modifier alone, never a key with a modifier held', () => {
    const plain = { key: 'k', ctrlKey: false, altKey: false, metaKey: false, shiftKey: false };
    expect(isRecordableKey(plain)).toBe(true);
    expect(isRecordableKey({ ...plain, ctrlKey: true })).toBe(false);
    expect(isRecordableKey({ ...plain, key: 'K', shiftKey: true })).toBe(false);
    expect(isRecordableKey({ ...plain, key: 'Shift', shiftKey: true })).toBe(true);
  });

  it('maps t, n, g, f, z, r, space and 1', () => {
    expect(['t', 'n', 'g', 'f', 'z', 'r', ' ', '1'].map((k) => shortcutFor(key(k)))).toEqual([
      'townSquare',
      'night',
      'reveal',
      'fullscreen',
      'timer',
      'gong',
      'raiseHand',
      'gather',
    ]);
    expect(shortcutFor(key('x'))).toBeNull();
    expect(shortcutFor(key('T', { targetTag: 'DIV' }))).toBe('townSquare');
  });

  it('3 shows the rules, to everyone (the Storyteller in the centre, others in a dialogue)', () => {
    expect(shortcutFor(key('3'))).toBe('rules');
    const context = { isStoryteller: false, isSeated: false, isRevealing: false, isDialogOpen: false };
    expect(shortcutAllowed('rules', context)).toBe(true);
    expect(shortcutAllowed('rules', { ...context, isRevealing: true })).toBe(false);
  });

  it('ignores keys typed into input, select and textarea (spec 1 §5)', () => {
    for (const tag of ['INPUT', 'SELECT', 'TEXTAREA']) expect(isIgnoredKey(key('t', { targetTag: tag }))).toBe(true);
    expect(isIgnoredKey(key('t', { targetEditable: true }))).toBe(true);
    expect(isIgnoredKey(key('t', { targetTag: 'BUTTON' }))).toBe(false);
  });

  it('leaves space to a focused button', () => {
    expect(shortcutFor(key(' ', { targetTag: 'BUTTON' }))).toBeNull();
    expect(shortcutFor(key('t', { targetTag: 'BUTTON' }))).toBe('townSquare');
  });

  it('ignores keys with a modifier held, unless the key is that modifier', () => {
    expect(isIgnoredKey(key('t', { ctrlKey: true }))).toBe(true);
    expect(isIgnoredKey(key('n', { altKey: true }))).toBe(true);
    expect(isIgnoredKey(key('f', { metaKey: true }))).toBe(true);
    expect(isIgnoredKey(key('T', { shiftKey: true }))).toBe(true);
    expect(isIgnoredKey(key('Control', { ctrlKey: true }))).toBe(false);
    expect(isIgnoredKey(key('Shift', { shiftKey: true }))).toBe(false);
    expect(isIgnoredKey(key('Alt', { altKey: true, shiftKey: true }))).toBe(true);
  });

  it('leaves Storyteller actions to the Storyteller and the hand to seated players', () => {
    const player = { isStoryteller: false, isSeated: true, isRevealing: false, isDialogOpen: false };
    expect(shortcutAllowed('night', player)).toBe(false);
    expect(shortcutAllowed('raiseHand', player)).toBe(true);
    expect(shortcutAllowed('townSquare', player)).toBe(true);
    expect(shortcutAllowed('gong', { ...player, isStoryteller: true })).toBe(true);
    expect(shortcutAllowed('raiseHand', { ...player, isSeated: false })).toBe(false);
  });

  it('gives the Storyteller n for the night and everyone else the night signals', () => {
    const context = { isStoryteller: true, isSeated: false, isRevealing: false, isDialogOpen: false };
    expect(shortcutAllowed('night', context)).toBe(true);
    expect(shortcutAllowed('nightSignal', context)).toBe(false);
    expect(shortcutAllowed('night', { ...context, isStoryteller: false })).toBe(false);
    expect(shortcutAllowed('nightSignal', { ...context, isStoryteller: false })).toBe(true);
    expect(shortcutAllowed('roles', { ...context, isStoryteller: false })).toBe(false);
  });

  it('leaves audio, video, settings, shortcuts, leave, fullscreen and deafen during the reveal (spec 1 §2)', () => {
    const st = { isStoryteller: true, isSeated: true, isRevealing: true, isDialogOpen: false };
    const allowed = SHORTCUT_ACTIONS.filter((action) => shortcutAllowed(action, st));
    expect(allowed.sort()).toEqual(
      ['muteMic', 'muteCam', 'settings', 'shortcuts', 'leave', 'fullscreen', 'deafen'].sort(),
    );
    expect([...REVEAL_ALLOWED].sort()).toEqual(allowed);
  });

  it('allows only fullscreen, microphone, camera and deafen during the reveal, and nothing while a dialogue is open', () => {
    const st = { isStoryteller: true, isSeated: false, isRevealing: true, isDialogOpen: false };
    expect(shortcutAllowed('night', st)).toBe(false);
    expect(shortcutAllowed('fullscreen', st)).toBe(true);
    for (const action of ['muteMic', 'muteCam', 'deafen'] as const) expect(shortcutAllowed(action, st)).toBe(true);
    expect([shortcutFor(key('.')), shortcutFor(key(',')), shortcutFor(key('d'))]).toEqual([
      'muteMic',
      'muteCam',
      'deafen',
    ]);
    expect(shortcutAllowed('fullscreen', { ...st, isRevealing: false, isDialogOpen: true })).toBe(false);
  });
});
