// Amounts as the product shows them: integers in minor units (cents, Rappen) with their currency,
// formatted by Intl in the interface's locale with the currency as its code (spec 1: "shown as
// code"). The integer becomes an exact decimal string before Intl sees it, so no amount passes
// through a binary fraction on its way to the screen.
import { intlTagForLocale } from '@countersign/domain';
import type { Currency, Locale } from '@countersign/domain';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: Locale, currency: string): Intl.NumberFormat {
  const key = `${locale}/${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlTagForLocale(locale), {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** How many minor units a currency's major unit has, as a power of ten (2 for EUR and CHF). */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** `1999` with 2 digits is `"19.99"`, `-5` is `"-0.05"`: the exact decimal of an integer amount. */
export function minorToDecimal(amountMinor: number, digits: number): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError('amounts are whole minor units');
  const sign = amountMinor < 0 ? '-' : '';
  const units = Math.abs(amountMinor)
    .toString()
    .padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${units}`;
  return `${sign}${units.slice(0, -digits)}.${units.slice(-digits)}`;
}

export function formatMoney(amountMinor: number, currency: Currency | string, locale: Locale): string {
  const decimal = minorToDecimal(amountMinor, minorUnitDigits(currency));
  // Intl reads a numeric string as an exact decimal (ECMA-402 NumberFormat v3)
  return formatterFor(locale, currency).format(decimal as unknown as number);
}
