import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import {
  isDefault,
  MAX_KEYS_PER_ACTION,
  parseBindings,
  recordKey,
  restoreDefault,
  serializeBindings,
  type Bindings,
} from './keybindings';
import { actionsForKey, DEFAULT_BINDINGS, SHORTCUT_ACTIONS } from './shortcuts';

const defaults = parseBindings(null);

describe('recording a shortcut (spec 3 §4)', () => {
  it('a key replaces the binding', () => {
    const next = recordKey(defaults, 'townSquare', 'y', 'replace');
    expect(next.townSquare).toEqual(['y']);
    expect(actionsForKey(next, 't')).toEqual([]);
    expect(actionsForKey(next, 'y')).toEqual(['townSquare']);
    // Nothing else moved.
    expect(next.night).toEqual(['n']);
  });

  it('the add button appends', () => {
    const next = recordKey(defaults, 'townSquare', 'y', 'add');
    expect(next.townSquare).toEqual(['t', 'y']);
  });

  it('Escape restores the default, whether replacing or adding', () => {
    const changed = recordKey(recordKey(defaults, 'night', 'k', 'replace'), 'night', 'j', 'add');
    expect(changed.night).toEqual(['k', 'j']);
    expect(recordKey(changed, 'night', 'Escape', 'replace').night).toEqual(['n']);
    expect(recordKey(changed, 'night', 'Escape', 'add').night).toEqual(['n']);
  });

  it('adding a duplicate cancels: the same bindings come back', () => {
    const once = recordKey(defaults, 'gong', 'k', 'add');
    expect(recordKey(once, 'gong', 'k', 'add')).toBe(once);
    expect(recordKey(once, 'gong', 'K', 'add')).toBe(once);
    expect(recordKey(defaults, 'gong', 'r', 'add')).toBe(defaults);
  });

  it('stores letters in lower case and keeps named keys as they are', () => {
    expect(recordKey(defaults, 'users', 'Y', 'replace').users).toEqual(['y']);
    expect(recordKey(defaults, 'users', 'ArrowUp', 'replace').users).toEqual(['ArrowUp']);
  });

  it(`keeps at most ${MAX_KEYS_PER_ACTION} keys for an action`, () => {
    let bindings: Bindings = defaults;
    for (const key of ['a', 'b', 'j', 'k', 'm', 'p']) bindings = recordKey(bindings, 'timer', key, 'add');
    expect(bindings.timer).toEqual(['z', 'a', 'b', 'j', 'k']);
  });

  it('restoreDefault and isDefault', () => {
    const changed = recordKey(defaults, 'leave', 'x', 'replace');
    expect(isDefault(changed, 'leave')).toBe(false);
    expect(isDefault(restoreDefault(changed, 'leave'), 'leave')).toBe(true);
  });
});

describe('stored keybindings (spec 3 §3: stored locally, checked on read)', () => {
  it('default to the map of spec 3 §9', () => {
    expect(defaults).toEqual(DEFAULT_BINDINGS);
    expect(parseBindings('not json')).toEqual(DEFAULT_BINDINGS);
    expect(parseBindings('[1,2]')).toEqual(DEFAULT_BINDINGS);
    expect(parseBindings('"t"')).toEqual(DEFAULT_BINDINGS);
  });

  it('round-trip, storing only what differs from the defaults', () => {
    const changed = recordKey(recordKey(defaults, 'townSquare', 'y', 'replace'), 'acceptChat1', 'F1', 'add');
    const text = serializeBindings(changed);
    expect(JSON.parse(text)).toEqual({ townSquare: ['y'], acceptChat1: ['1', 'F1'] });
    expect(parseBindings(text)).toEqual(changed);
    expect(serializeBindings(defaults)).toBe('{}');
  });

  it('drop unknown actions and fall back per action on a bad list', () => {
    const parsed = parseBindings(
      JSON.stringify({
        steal: ['x'],
        townSquare: 'y',
        night: [],
        gong: ['k', 'k'],
        timer: ['a', 'b', 'c', 'd', 'f', 'g'],
        users: ['x'.repeat(25)],
        leave: ['Escape'],
        rules: [7],
        fabled: ['Y'],
        roles: ['F5'],
      }),
    );
    expect(Object.keys(parsed).sort()).toEqual([...SHORTCUT_ACTIONS].sort());
    for (const action of ['townSquare', 'night', 'gong', 'timer', 'users', 'leave', 'rules'] as const) {
      expect(parsed[action]).toEqual(DEFAULT_BINDINGS[action]);
    }
    expect(parsed.fabled).toEqual(['y']);
    expect(parsed.roles).toEqual(['F5']);
  });
});

describe('shortcut names', () => {
  it('every action has an English name', () => {
    const names = en.shortcuts.action as Record<string, string>;
    expect(SHORTCUT_ACTIONS.filter((action) => typeof names[action] !== 'string')).toEqual([]);
    expect(Object.keys(en.shortcuts.key).sort()).toEqual(['backspace', 'enter', 'escape', 'space']);
  });
});
