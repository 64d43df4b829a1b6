import { describe, expect, it } from 'vitest';
import { localeOfHeader } from './locales';

describe('localeOfHeader', () => {
  it('takes the best supported language of an Accept-Language header, else English', () => {
    expect(localeOfHeader('de')).toBe('de');
    expect(localeOfHeader('fr-FR,fr;q=0.9,ru;q=0.8,en;q=0.7')).toBe('ru');
    expect(localeOfHeader('en;q=0.5, es-MX;q=0.9')).toBe('es-419');
    expect(localeOfHeader('ja')).toBe('en');
    expect(localeOfHeader(undefined)).toBe('en');
    expect(localeOfHeader('sv;q=0, da')).toBe('da');
  });
});
