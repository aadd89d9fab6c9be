import { describe, expect, it } from 'vitest';
import {
  currencyForLocale,
  DEFAULT_LOCALE,
  formatDateTime,
  isLocaleSelectable,
  LANGUAGES,
  languageForLocale,
  listSelectableLocales,
  localeForLanguage,
  LOCALES,
  orderCountries,
  parseLocale,
  platformForDomain,
} from './locale.js';

describe('locales and languages (spec 1)', () => {
  it('supports en-gb (default), de-ch, fr-ch, it and the language codes en, de, fr, it', () => {
    expect(LOCALES).toEqual(['en-gb', 'de-ch', 'fr-ch', 'it']);
    expect(DEFAULT_LOCALE).toBe('en-gb');
    expect(LANGUAGES).toEqual(['en', 'de', 'fr', 'it']);
  });

  it('maps every locale to its language and back', () => {
    expect(LOCALES.map(languageForLocale)).toEqual(['en', 'de', 'fr', 'it']);
    for (const locale of LOCALES) expect(localeForLanguage(languageForLocale(locale))).toBe(locale);
  });

  it('parses locale and language codes in any case, and nothing else', () => {
    expect(parseLocale('de-CH')).toBe('de-ch');
    expect(parseLocale('FR')).toBe('fr-ch');
    expect(parseLocale(' it ')).toBe('it');
    for (const value of ['de-de', 'es', '', null, undefined]) expect(parseLocale(value)).toBeNull();
  });

  it('refuses Italian outside direct-sign mode, and unknown locales always', () => {
    for (const directSign of [false, true]) {
      for (const locale of LOCALES) {
        expect(isLocaleSelectable(locale, { directSign })).toBe(locale !== 'it' || directSign);
      }
      expect(isLocaleSelectable('es', { directSign })).toBe(false);
    }
    expect(listSelectableLocales({ directSign: false })).toEqual(['en-gb', 'de-ch', 'fr-ch']);
    expect(listSelectableLocales({ directSign: true })).toEqual(['en-gb', 'de-ch', 'fr-ch', 'it']);
  });
});

describe('currencyForLocale (spec 1)', () => {
  it('is EUR for en-gb, CHF for de-ch and fr-ch, none for it', () => {
    expect(LOCALES.map(currencyForLocale)).toEqual(['EUR', 'CHF', 'CHF', null]);
  });
});

describe('formatDateTime (spec 1)', () => {
  const instant = Date.UTC(2024, 2, 5, 14, 7);

  it('shows numeric day, short month, numeric year, hour and minute', () => {
    expect(formatDateTime(new Date(instant), 'en-gb', { timeZone: 'UTC' })).toBe('5 Mar 2024, 14:07');
    expect(formatDateTime(instant, 'de-ch', { timeZone: 'UTC' })).toBe('5. März 2024, 14:07');
    expect(formatDateTime('2024-03-05T14:07:00Z', 'fr-ch', { timeZone: 'UTC' })).toBe('5 mars 2024, 14:07');
    expect(formatDateTime(instant, 'it', { timeZone: 'UTC' })).toBe('5 mar 2024, 14:07');
  });

  it('honours the time zone asked for', () => {
    expect(formatDateTime(instant, 'en-gb', { timeZone: 'Europe/Zurich' })).toBe('5 Mar 2024, 15:07');
  });
});

describe('platformForDomain (spec 1)', () => {
  it('is EU for domains ending .de or .eu, otherwise CH', () => {
    expect(platformForDomain('countersign.de')).toBe('EU');
    expect(platformForDomain('my.countersign.eu')).toBe('EU');
    expect(platformForDomain('My.Countersign.DE:8443')).toBe('EU');
    expect(platformForDomain('countersign.de.')).toBe('EU');
    expect(platformForDomain('countersign.ch')).toBe('CH');
    expect(platformForDomain('localhost:3000')).toBe('CH');
    expect(platformForDomain('countersign.dev')).toBe('CH');
    expect(platformForDomain('europe.com')).toBe('CH');
  });
});

describe('orderCountries (spec 1)', () => {
  const codes = ['AD', 'AT', 'BE', 'CH', 'DE', 'ES', 'FR', 'IT'];

  it('puts CH, DE, FR, AT first on CH and keeps the rest in order', () => {
    expect(orderCountries(codes, 'CH')).toEqual(['CH', 'DE', 'FR', 'AT', 'AD', 'BE', 'ES', 'IT']);
  });

  it('puts DE first on EU', () => {
    expect(orderCountries(codes, 'EU')).toEqual(['DE', 'CH', 'FR', 'AT', 'AD', 'BE', 'ES', 'IT']);
  });

  it('skips priority codes that are absent and compares case-insensitively', () => {
    expect(orderCountries(['it', 'fr', 'ch'], 'CH')).toEqual(['ch', 'fr', 'it']);
    expect(orderCountries([], 'EU')).toEqual([]);
  });
});
