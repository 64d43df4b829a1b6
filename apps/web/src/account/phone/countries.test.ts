import { dialPrefix } from '@belfry/protocol';
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from './countries';
import { countriesForTimeZone, preselectCountry, regionOf } from './countryLookup';

const byCode = (code: string) => COUNTRIES.find((country) => country.code === code);

describe('country list', () => {
  it('covers the countries, each once, with a valid prefix and a real timezone', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(dialPrefix.safeParse(country.prefix).success, country.code).toBe(true);
      expect(country.prefix.startsWith('+'), country.code).toBe(true);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: country.timezone }), country.code).not.toThrow();
    }
  });

  it('has the well-known calling codes', () => {
    expect(byCode('GB')?.prefix).toBe('+44');
    expect(byCode('US')?.prefix).toBe('+1');
    expect(byCode('DE')?.prefix).toBe('+49');
    expect(byCode('IN')?.prefix).toBe('+91');
    expect(byCode('BR')?.prefix).toBe('+55');
  });
});

describe('country by timezone', () => {
  it('finds the country whose timezone is the browser’s', () => {
    expect(preselectCountry(COUNTRIES, 'Europe/London')?.code).toBe('GB');
    expect(preselectCountry(COUNTRIES, 'Europe/Berlin')?.code).toBe('DE');
    expect(preselectCountry(COUNTRIES, 'Asia/Tokyo')?.code).toBe('JP');
  });

  it('knows the other zones of large countries and the older zone names', () => {
    expect(preselectCountry(COUNTRIES, 'America/Los_Angeles')?.code).toBe('US');
    expect(preselectCountry(COUNTRIES, 'Australia/Perth')?.code).toBe('AU');
    expect(preselectCountry(COUNTRIES, 'Asia/Calcutta')?.code).toBe('IN');
    expect(preselectCountry(COUNTRIES, 'Europe/Kiev')?.code).toBe('UA');
  });

  it('decides a shared zone by its owner, or by the locale’s region', () => {
    expect(countriesForTimeZone(COUNTRIES, 'Europe/Belgrade').map((country) => country.code)).toEqual(['RS', 'XK']);
    expect(preselectCountry(COUNTRIES, 'Europe/Belgrade')?.code).toBe('RS');
    expect(preselectCountry(COUNTRIES, 'Europe/Belgrade', ['sq-XK'])?.code).toBe('XK');
  });

  it('falls back to the locale’s region, then to nothing', () => {
    expect(preselectCountry(COUNTRIES, 'Etc/UTC', ['en-GB', 'en'])?.code).toBe('GB');
    expect(preselectCountry(COUNTRIES, 'Etc/UTC', ['en'])).toBeUndefined();
    expect(preselectCountry(COUNTRIES, undefined)).toBeUndefined();
    expect(regionOf('zh-Hant-TW')).toBe('TW');
    expect(regionOf('en')).toBeUndefined();
  });

  it('maps every entry’s own timezone back to an entry with that zone', () => {
    for (const country of COUNTRIES) {
      expect(preselectCountry(COUNTRIES, country.timezone)?.timezone, country.code).toBe(country.timezone);
    }
  });
});
