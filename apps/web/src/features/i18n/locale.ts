// Which of the four locales of @countersign/domain to show (spec 1): en-gb by default; Italian
// only inside direct-sign; the signed-in user's language wins over a stored choice, which wins
// over the browser's languages.
import {
  DEFAULT_LOCALE,
  intlTagForLocale,
  isLocaleSelectable,
  listSelectableLocales,
  parseLocale,
} from '@countersign/domain';
import type { Locale } from '@countersign/domain';

export type WebLocale = Locale;
export const DEFAULT_WEB_LOCALE: WebLocale = DEFAULT_LOCALE;
/** The locales a visitor may choose outside direct-sign (Italian is not selectable). */
export const SELECTABLE_LOCALES: readonly WebLocale[] = listSelectableLocales({ directSign: false });
/** localStorage key of a visitor's own choice of language. */
export const storedLocaleKey = 'countersign.locale';

/** Browser tags such as `fr-FR` count for their language; `de-CH` and `de` are read as is. */
function parseHint(hint: string): Locale | null {
  return parseLocale(hint) ?? parseLocale(hint.trim().slice(0, 2));
}

export function resolveWebLocale(hints: {
  userLanguage?: string | null | undefined;
  storedLocale?: string | null | undefined;
  browserLanguages?: readonly string[];
  isDirectSign?: boolean;
}): WebLocale {
  const candidates = [hints.userLanguage, hints.storedLocale, ...(hints.browserLanguages ?? [])];
  for (const candidate of candidates) {
    const locale = candidate ? parseHint(candidate) : null;
    if (locale && isLocaleSelectable(locale, { directSign: hints.isDirectSign ?? false })) return locale;
  }
  return DEFAULT_WEB_LOCALE;
}

/** The value for `<html lang>`. */
export function htmlLangOf(locale: WebLocale): string {
  return intlTagForLocale(locale);
}
