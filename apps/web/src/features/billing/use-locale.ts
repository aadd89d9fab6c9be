// The interface's locale as the domain names it (en-gb, de-ch, fr-ch, it), and amounts formatted
// in it.
import { parseLocale } from '@countersign/domain';
import type { Locale } from '@countersign/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_WEB_LOCALE } from '../i18n/locale.js';
import { formatMoney } from './money.js';

export function useLocale(): Locale {
  return parseLocale(useTranslation().i18n.language) ?? DEFAULT_WEB_LOCALE;
}

export function useFormatMoney(): (amountMinor: number, currency: string) => string {
  const locale = useLocale();
  return useCallback((amountMinor, currency) => formatMoney(amountMinor, currency, locale), [locale]);
}
