import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryStore } from './testStore';
import { chosenTheme, saveTheme, THEME_COUNTS, themeGroupOf, themeIds, themeKey, themesFor, themeUrl } from './themes';

const PUBLIC = join(import.meta.dirname, '../../../public');

describe('themes (spec 3 §2: 6 each for tb, bmr and snv, 8 for custom, 3 generic)', () => {
  it('has the numbers the spec gives', () => {
    expect(THEME_COUNTS).toEqual({ tb: 6, bmr: 6, snv: 6, custom: 8, generic: 3 });
    expect(themesFor('tb')).toHaveLength(6 + 3);
    expect(themesFor('bmr')).toHaveLength(6 + 3);
    expect(themesFor('snv')).toHaveLength(6 + 3);
    expect(themesFor('custom')).toHaveLength(8 + 3);
    expect(themesFor('homebrew')).toEqual(themesFor('custom'));
    expect(themeGroupOf('carousel')).toBe('custom');
  });

  it('ships every background as a small SVG file of our own', () => {
    for (const group of Object.keys(THEME_COUNTS) as (keyof typeof THEME_COUNTS)[]) {
      for (const id of themeIds(group)) {
        const file = join(PUBLIC, themeUrl(id));
        expect(existsSync(file), id).toBe(true);
        const text = readFileSync(file, 'utf8');
        expect(text.startsWith('<svg'), id).toBe(true);
        expect(text.length, id).toBeLessThan(12_000);
      }
    }
  });

  it('keeps the choice per user and per edition set', () => {
    const store = memoryStore();
    expect(chosenTheme(store, 'u1', 'tb')).toBe('tb-1');
    expect(saveTheme(store, 'u1', 'tb', 'tb-4')).toBe(true);
    expect(saveTheme(store, 'u1', 'homebrew', 'generic-2')).toBe(true);
    expect(chosenTheme(store, 'u1', 'tb')).toBe('tb-4');
    expect(chosenTheme(store, 'u1', 'custom')).toBe('generic-2');
    expect(chosenTheme(store, 'u1', 'bmr')).toBe('bmr-1');
    // Another user on the same browser has their own.
    expect(chosenTheme(store, 'u2', 'tb')).toBe('tb-1');
    expect(JSON.parse(store.data.get(themeKey('u1'))!)).toEqual({ tb: 'tb-4', custom: 'generic-2' });
  });

  it('ignores a background the edition does not offer, and a broken stored value', () => {
    const store = memoryStore();
    expect(saveTheme(store, 'u1', 'tb', 'snv-2')).toBe(false);
    expect(saveTheme(store, 'u1', 'tb', 'tb-7')).toBe(false);
    expect(chosenTheme(store, 'u1', 'tb')).toBe('tb-1');
    expect(chosenTheme(memoryStore({ [themeKey('u1')]: '{not json' }), 'u1', 'snv')).toBe('snv-1');
    expect(chosenTheme(memoryStore({ [themeKey('u1')]: '{"tb":"custom-3"}' }), 'u1', 'tb')).toBe('tb-1');
  });
});
