// VAT on what we charge, and the format of VAT numbers. The issuer is the platform's company
// (spec 1: CH or EU). The Swiss issuer charges Swiss VAT to customers in Switzerland and
// Liechtenstein and none on exports. The EU issuer (in Germany) charges German VAT at home; to a
// customer elsewhere in the EU it charges none when the customer gives a VAT number (reverse
// charge) and that country's rate otherwise (one-stop shop); none outside the EU.
import { checkVAT, countries as vatCountries } from 'jsvat';
import type { Platform } from '../locale.js';
import { basisPointsOf } from './money.js';

/** Standard VAT rates in basis points (8.1 % is 810), as of 2026. */
export const VAT_RATES: Readonly<Record<string, number>> = {
  CH: 810,
  LI: 810,
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

const SWISS_TERRITORY = new Set(['CH', 'LI']);
const EU = new Set(Object.keys(VAT_RATES).filter((code) => !SWISS_TERRITORY.has(code)));

export interface TaxCustomer {
  /** ISO 3166-1 alpha-2 of the billing address */
  country: string;
  /** a VAT number that passed `checkVatNumber`, or null */
  vatNumber: string | null;
}

export interface TaxDecision {
  rateBasisPoints: number;
  reverseCharge: boolean;
}

export function taxFor(platform: Platform, customer: TaxCustomer): TaxDecision {
  const country = customer.country.toUpperCase();
  if (platform === 'CH') {
    return {
      rateBasisPoints: SWISS_TERRITORY.has(country) ? (VAT_RATES[country] ?? 0) : 0,
      reverseCharge: false,
    };
  }
  if (country === 'DE') return { rateBasisPoints: VAT_RATES['DE']!, reverseCharge: false };
  if (!EU.has(country)) return { rateBasisPoints: 0, reverseCharge: false };
  if (customer.vatNumber) return { rateBasisPoints: 0, reverseCharge: true };
  return { rateBasisPoints: VAT_RATES[country]!, reverseCharge: false };
}

/** The tax on a net amount, rounded half up in minor units. */
export function taxOn(netMinor: number, decision: TaxDecision): number {
  return basisPointsOf(netMinor, decision.rateBasisPoints);
}

const VAT_COUNTRY_BY_CODE = new Map(vatCountries.map((c) => [c.codes[0], c]));

/** The countries whose VAT number format is known, by ISO code. */
export function isVatCountryKnown(country: string): boolean {
  return VAT_COUNTRY_BY_CODE.has(country.toUpperCase());
}

export type VatCheck = { ok: true; normalised: string } | { ok: false; reason: 'format' | 'country_unknown' };

/**
 * Checks a VAT number against the format (and check digits) of the billing country, and gives it
 * back without spaces, dots or dashes (`CHE-109.322.551 MWST` → `CHE109322551MWST`). Greece's
 * numbers start EL, as the VIES system writes them.
 */
export function checkVatNumber(vatNumber: string, country: string): VatCheck {
  const rules = VAT_COUNTRY_BY_CODE.get(country.toUpperCase());
  if (!rules) return { ok: false, reason: 'country_unknown' };
  const result = checkVAT(vatNumber, [rules]);
  if (!result.isValid || !result.value) return { ok: false, reason: 'format' };
  return { ok: true, normalised: result.value };
}
