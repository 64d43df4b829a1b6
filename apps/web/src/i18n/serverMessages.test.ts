import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareWithEnglish } from './localeParity';
import { LOCALES } from './locales';
import english from './server/en.json';
import { translateWith } from './serverMessages';

const ROOT = join(import.meta.dirname, '../../../..');

describe('server messages in the user language', () => {
  it('the English catalogue lists every message the server and the engine write (scripts/server-messages.mjs)', () => {
    expect(() =>
      execFileSync('node', [join(ROOT, 'scripts/server-messages.mjs'), '--check'], { stdio: 'pipe' }),
    ).not.toThrow();
    expect(Object.keys(english)).toContain('There is no seat {{0}}.');
    expect(Object.keys(english)).toContain('Wrong e-mail address or password.');
  });

  for (const { code } of LOCALES.filter((locale) => locale.code !== 'en')) {
    it(`${code} translates every server message with the same placeholders`, () => {
      const table = JSON.parse(readFileSync(join(import.meta.dirname, 'server', `${code}.json`), 'utf8'));
      expect(compareWithEnglish(english, table, code)).toEqual({ missing: [], extra: [], placeholders: [], empty: [] });
    });
  }

  it('matches exactly or by template, fills the values in, and leaves unknown messages as they are', () => {
    const table = {
      'That seat is taken.': 'Der Platz ist besetzt.',
      'There is no seat {{0}}.': 'Platz {{0}} gibt es nicht.',
      'The vote speed is {{0}} to {{1}} ms.': 'Zwischen {{0}} und {{1}} ms.',
    };
    expect(translateWith(table, 'That seat is taken.')).toBe('Der Platz ist besetzt.');
    expect(translateWith(table, 'There is no seat 21.')).toBe('Platz 21 gibt es nicht.');
    expect(translateWith(table, 'The vote speed is 100 to 5000 ms.')).toBe('Zwischen 100 und 5000 ms.');
    expect(translateWith(table, 'Something new.')).toBe('Something new.');
    expect(translateWith(undefined, 'That seat is taken.')).toBe('That seat is taken.');
  });
});
