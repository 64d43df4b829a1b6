import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import { compareWithEnglish } from './localeParity';
import { LOCALES } from './locales';

const read = (code: string) => JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${code}.json`), 'utf8'));

describe('translations (spec 3 §3: 11 interface languages)', () => {
  for (const { code } of LOCALES.filter((locale) => locale.code !== 'en')) {
    it(`${code} has every English key, no other, and the same placeholders`, () => {
      const report = compareWithEnglish(en, read(code), code);
      expect(report).toEqual({ missing: [], extra: [], placeholders: [], empty: [] });
    });
  }

  it('the checker itself notices a missing key, an extra key and a changed placeholder', () => {
    const report = compareWithEnglish(
      { a: { b: 'Hi {{name}}', n_one: '{{count}} seat', n_other: '{{count}} seats' } },
      { a: { b: 'Hallo {{nom}}', n_one: 'ein Platz', c: 'x' } },
      'de',
    );
    expect(report.missing).toEqual(['a.n_other']);
    expect(report.extra).toEqual(['a.c']);
    expect(report.placeholders).toEqual(['a.b: {{name}} ≠ {{nom}}']);
  });

  it('asks Russian for its four plural forms', () => {
    const report = compareWithEnglish({ n_one: '{{count}} seat', n_other: '{{count}} seats' }, {}, 'ru');
    expect(report.missing.sort()).toEqual(['n_few', 'n_many', 'n_one', 'n_other']);
  });
});
