// The one price table: what each plan costs per seat and period, by cycle and currency, in minor
// units; and which currency a customer pays in (the platform's). Yearly is twelve months at 20 % off.
import type { Currency, Platform } from '../locale.js';
import type { BillingCycle, PlanId, PurchasablePlan } from './plans.js';

export const CURRENCIES = ['EUR', 'CHF'] as const satisfies readonly Currency[];

export type PriceRow = Readonly<Record<BillingCycle, Readonly<Record<Currency, number>>>>;

/** Price per seat and period in minor units. An individual plan has exactly one seat. */
export const PRICE_TABLE: Readonly<Record<PurchasablePlan, PriceRow>> = {
  individual: { monthly: { EUR: 1_500, CHF: 1_600 }, yearly: { EUR: 14_400, CHF: 15_360 } },
  team: { monthly: { EUR: 2_000, CHF: 2_100 }, yearly: { EUR: 19_200, CHF: 20_160 } },
  pro: { monthly: { EUR: 3_500, CHF: 3_700 }, yearly: { EUR: 33_600, CHF: 35_520 } },
  scale: { monthly: { EUR: 5_500, CHF: 5_800 }, yearly: { EUR: 52_800, CHF: 55_680 } },
};

/** Seats a plan can be bought with: at least `min`, at most `max` (null: no ceiling). */
export const SEAT_LIMITS: Readonly<Record<PlanId, { min: number; max: number | null }>> = {
  individual: { min: 1, max: 1 },
  team: { min: 1, max: 10 },
  pro: { min: 1, max: 50 },
  scale: { min: 1, max: 500 },
  enterprise: { min: 1, max: null },
  trial: { min: 1, max: 5 },
  free_legacy: { min: 1, max: 1 },
};

/** The price of one seat for one period, or null for plans that are not sold in the product. */
export function seatPrice(plan: PlanId, cycle: BillingCycle, currency: Currency): number | null {
  const row = (PRICE_TABLE as Partial<Record<PlanId, PriceRow>>)[plan];
  return row ? row[cycle][currency] : null;
}

/** What `seats` seats cost for one whole period. */
export function periodPrice(
  plan: PlanId,
  cycle: BillingCycle,
  currency: Currency,
  seats: number,
): number | null {
  const price = seatPrice(plan, cycle, currency);
  return price === null ? null : price * seats;
}

/**
 * The one currency rule (ADR 055): the platform decides what is priced, previewed, charged and
 * invoiced: CHF on the CH platform, EUR on the EU platform (spec 1), whatever the locale. The
 * platform is also the issuer of the invoice; a customer never sees one price and pays another.
 */
export function currencyOfPlatform(platform: Platform): Currency {
  return platform === 'CH' ? 'CHF' : 'EUR';
}

/** The end of a period that starts at `start`: the same day and time one month or year later. */
export function addCycle(start: Date, cycle: BillingCycle): Date {
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  if (cycle === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1, end.getUTCMonth(), 1);
  else end.setUTCMonth(end.getUTCMonth() + 1, 1);
  // 31 January plus a month is the last day of February, not 3 March
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
