// Locales, languages, currencies, date display, platform and country order (spec 1).

/** Spec 1: supported locales, en-gb the default. */
export const LOCALES = ['en-gb', 'de-ch', 'fr-ch', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-gb';

/** Spec 1: language codes accepted. */
export const LANGUAGES = ['en', 'de', 'fr', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_OF: Readonly<Record<Locale, Language>> = {
  'en-gb': 'en',
  'de-ch': 'de',
  'fr-ch': 'fr',
  it: 'it',
};
const LOCALE_OF: Readonly<Record<Language, Locale>> = { en: 'en-gb', de: 'de-ch', fr: 'fr-ch', it: 'it' };
// BCP 47 casing for Intl, which the spec's lower-case locale ids do not carry.
const INTL_TAG: Readonly<Record<Locale, string>> = {
  'en-gb': 'en-GB',
  'de-ch': 'de-CH',
  'fr-ch': 'fr-CH',
  it: 'it',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function languageForLocale(locale: Locale): Language {
  return LANGUAGE_OF[locale];
}

export function localeForLanguage(language: Language): Locale {
  return LOCALE_OF[language];
}

/**
 * Reads a locale or language code in any case (`de-CH`, `DE`, `fr`) as a supported locale,
 * or null. Region variants we do not support (`de-de`) are not guessed.
 */
export function parseLocale(value: string | null | undefined): Locale | null {
  const lowered = value?.trim().toLowerCase();
  if (isLocale(lowered)) return lowered;
  if (isLanguage(lowered)) return LOCALE_OF[lowered];
  return null;
}

/** Spec 1: Italian is not selectable and is refused outside direct-sign mode. */
export function isLocaleSelectable(locale: string, options: { directSign: boolean }): boolean {
  if (!isLocale(locale)) return false;
  return locale !== 'it' || options.directSign;
}

/** The locales offered in a language picker. */
export function listSelectableLocales(options: { directSign: boolean }): Locale[] {
  return LOCALES.filter((locale) => isLocaleSelectable(locale, options));
}

export type Currency = 'EUR' | 'CHF';

/** Spec 1: EUR for en-gb, CHF for de-ch and fr-ch, none for it; shown as the code. */
export function currencyForLocale(locale: Locale): Currency | null {
  if (locale === 'en-gb') return 'EUR';
  if (locale === 'de-ch' || locale === 'fr-ch') return 'CHF';
  return null;
}

/** The tag to hand to `Intl` for a locale. */
export function intlTagForLocale(locale: Locale): string {
  return INTL_TAG[locale];
}

/**
 * Spec 1: date-time shows numeric day, short month, numeric year, hour and minute. The time
 * zone is the runtime's unless given (the server passes the reader's zone, tests pass UTC).
 */
export function formatDateTime(
  date: Date | string | number,
  locale: Locale,
  options: { timeZone?: string } = {},
): string {
  const value = date instanceof Date ? date : new Date(date);
  return new Intl.DateTimeFormat(INTL_TAG[locale], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(value);
}

export type Platform = 'CH' | 'EU';

/** Spec 1: the platform is EU for domains ending .de or .eu, otherwise CH. */
export function platformForDomain(host: string): Platform {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return name.endsWith('.de') || name.endsWith('.eu') ? 'EU' : 'CH';
}

const PRIORITY_COUNTRIES: Readonly<Record<Platform, readonly string[]>> = {
  CH: ['CH', 'DE', 'FR', 'AT'],
  EU: ['DE', 'CH', 'FR', 'AT'],
};

/**
 * Spec 1: the country list puts CH, DE, FR, AT first (DE first on the EU platform); the rest
 * keep their given order. Only codes present in the input appear; codes are compared in
 * upper case and returned as given.
 */
export function orderCountries<T extends string>(codes: readonly T[], platform: Platform): T[] {
  const priority = PRIORITY_COUNTRIES[platform];
  const rank = (code: T): number => {
    const index = priority.indexOf(code.toUpperCase());
    return index === -1 ? priority.length : index;
  };
  // Array.prototype.sort is stable, so the non-priority codes keep their order.
  return [...codes].sort((a, b) => rank(a) - rank(b));
}
