// The countries a business may register in, named in the interface language by the browser
// (Intl.DisplayNames), and ordered as spec 1 says: CH, DE, FR, AT first (DE first on the EU
// platform, which the host name decides), then the rest alphabetically in that language.
import { orderCountries, platformForDomain } from '@countersign/domain';

// The countries of the EU and the EFTA, and the United Kingdom.
const COUNTRY_CODES = [
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

export interface CountryOption {
  value: string;
  label: string;
}

export function listCountries(intlTag: string, host: string): CountryOption[] {
  const names = new Intl.DisplayNames([intlTag], { type: 'region' });
  const label = (code: string) => names.of(code) ?? code;
  const alphabetical = [...COUNTRY_CODES].sort((a, b) => label(a).localeCompare(label(b), intlTag));
  return orderCountries(alphabetical, platformForDomain(host)).map((code) => ({
    value: code,
    label: label(code),
  }));
}
