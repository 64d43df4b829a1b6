import { describe, expect, it } from 'vitest';
import { detectLanguage, matchLanguage } from './detect';

describe('language detection (spec 3 §3)', () => {
  it('a stored supported locale wins over the browser', () => {
    expect(detectLanguage('sv', ['de-DE', 'en'])).toEqual({ language: 'sv', removeStored: false });
  });

  it('an unknown stored value is removed and the first supported browser language is used', () => {
    expect(detectLanguage('klingon', ['fr-FR', 'ru-RU', 'de'])).toEqual({ language: 'ru', removeStored: true });
  });

  it('falls back to English', () => {
    expect(detectLanguage(null, ['fr', 'ja'])).toEqual({ language: 'en', removeStored: false });
  });

  it('maps regional tags onto the 11 locales', () => {
    expect(matchLanguage('de-AT')).toBe('de');
    expect(matchLanguage('es-ES')).toBe('es');
    expect(matchLanguage('es-MX')).toBe('es-419');
    expect(matchLanguage('es-419')).toBe('es-419');
    expect(matchLanguage('pt-PT')).toBe('pt-BR');
    expect(matchLanguage('pt-br')).toBe('pt-BR');
    expect(matchLanguage('sv_SE')).toBe('sv');
    expect(matchLanguage('fr-CA')).toBeUndefined();
  });
});

describe('the catalogue', () => {
  it('lists the protocol locales, each once, in the spec order', async () => {
    const { LOCALES } = await import('./locales');
    const { LOCALE_CODES } = await import('@belfry/protocol/locales');
    expect(LOCALES.map((l) => l.code)).toEqual([...LOCALE_CODES]);
    // Spec 3 §3: en, de, ru and es are official; the others show the translation disclaimer.
    expect(LOCALES.filter((l) => l.official).map((l) => l.code)).toEqual(['en', 'de', 'ru', 'es']);
    expect(LOCALES.filter((l) => l.content).map((l) => l.code)).toEqual(['en', 'de', 'es-419', 'sv']);
  });
});
