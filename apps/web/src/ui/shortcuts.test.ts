import { describe, expect, it } from 'vitest';
import { isIgnoredKey, shortcutAllowed, shortcutFor, type KeyInput } from './shortcuts';

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
