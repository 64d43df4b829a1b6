import { createSessionBody } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import { browserLanguage, defaultSessionName, languageOptions, MAX_DEFAULT_NAME } from './sessionMeta';

describe('defaultSessionName (spec 2 §5: a random number up to 100000)', () => {
  it('stays within 100..100000 and is always a valid name', () => {
    expect(MAX_DEFAULT_NAME).toBe(100_000);
    for (const random of [0, 0.000001, 0.25, 0.5, 0.999999, 0.9999999999]) {
      const name = defaultSessionName(random);
      const value = Number(name);
      expect(value).toBeGreaterThanOrEqual(100);
      expect(value).toBeLessThanOrEqual(100_000);
      expect(createSessionBody.shape.name.safeParse(name).success).toBe(true);
    }
    expect(defaultSessionName(0)).toBe('100');
  });
});

describe('browserLanguage (spec 2 §3: default from the browser)', () => {
  it('takes the primary subtag', () => {
    expect(browserLanguage('de-AT')).toBe('de');
    expect(browserLanguage('pt_BR')).toBe('pt');
    expect(browserLanguage('FR')).toBe('fr');
    expect(browserLanguage(undefined)).toBe('en');
    expect(browserLanguage('x-klingon')).toBe('en');
  });

  it('offers extra languages once', () => {
    const options = languageOptions('en', 'eo');
    expect(options.filter((o) => o === 'en')).toHaveLength(1);
    expect(options.at(-1)).toBe('eo');
  });
});
