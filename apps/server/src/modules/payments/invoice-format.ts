// Amounts and dates of an invoice as its language writes them (en, de, fr, it), by Intl. The
// language is chosen when the invoice is issued (the person billed's) and kept with it, so its
// document is the same whenever it is made; its words are in the `invoice` namespace of
// @countersign/locales.
import type { Language } from '@countersign/domain';

const INTL_TAGS: Readonly<Record<Language, string>> = { en: 'en-GB', de: 'de-CH', fr: 'fr-CH', it: 'it-CH' };

/** Minor units as an amount with the currency code, exactly (the decimal is built as a string). */
export function formatMinor(minor: number, currency: string, language: Language = 'en'): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const decimal = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return new Intl.NumberFormat(INTL_TAGS[language], {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
  }).format(decimal as unknown as number);
}

/** A date (of an ISO time) as the language writes it, in UTC: 24 Nov 2026, 24.11.2026. */
export function formatDay(iso: string, language: Language = 'en'): string {
  return new Intl.DateTimeFormat(INTL_TAGS[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}
