// Proration to the day: what a change in the middle of a period costs. Days are whole UTC calendar
// days; the day of the change counts as used by the new terms, the day the period ends does not
// (it starts the next period). Every amount is rounded once, half up, in minor units.
import { divideRounded } from './money.js';
import { addCycle, periodPrice, SEAT_LIMITS } from './prices.js';
import type { Currency } from '../locale.js';
import { isUpgrade, type BillingCycle, type PlanId } from './plans.js';

const DAY_MS = 86_400_000;

/** Whole UTC days from the calendar day of `from` to the calendar day of `to`. */
export function daysBetween(from: Date, to: Date): number {
  const day = (d: Date) => Math.floor(d.getTime() / DAY_MS);
  return day(to) - day(from);
}

export interface Period {
  start: Date;
  end: Date;
}

/** The days of a period still to come at `at` (0 once it ended), and the days it has. */
export function remainingDays(period: Period, at: Date): { remaining: number; total: number } {
  const total = Math.max(1, daysBetween(period.start, period.end));
  const remaining = Math.min(total, Math.max(0, daysBetween(at, period.end)));
  return { remaining, total };
}

/** The part of a whole period's amount that falls on the days still to come. */
export function prorate(amountForPeriod: number, period: Period, at: Date): number {
  const { remaining, total } = remainingDays(period, at);
  return divideRounded(amountForPeriod * remaining, total);
}

/** What a customer is on, as far as money goes. */
export interface PricedTerms {
  plan: PlanId;
  cycle: BillingCycle;
  currency: Currency;
  seats: number;
}

export interface PaidPeriod extends PricedTerms {
  period: Period;
}

export interface ChangeQuote {
  /** charged now for the new terms (before discount and tax), never negative */
  amountMinor: number;
  /** the unused part of the current period credited against it */
  creditMinor: number;
  /** the period the new terms run in: the current one, or a new one starting now */
  period: Period;
  /** when the next invoice falls (the end of that period) */
  nextInvoiceAt: Date;
  /** what the next full period costs on the new terms (before discount and tax) */
  recurringMinor: number;
}

export type QuoteRefusal = 'plan_not_purchasable' | 'seats_out_of_range' | 'not_an_upgrade';

/** Seats must lie within the plan's limits. */
export function checkSeats(plan: PlanId, seats: number): boolean {
  const { min, max } = SEAT_LIMITS[plan];
  return Number.isInteger(seats) && seats >= min && (max === null || seats <= max);
}

/**
 * What moving to new terms costs at `at`. Without a paid period running (trial, free, expired or
 * blocked), a new period starts now at the full price. With one running on the same cycle, the
 * period stays and the difference is charged for the days left (new terms prorated minus old
 * terms prorated). A change of cycle starts a new period now, less the unused part of the old one.
 */
export function quoteChange(
  current: PaidPeriod | null,
  next: PricedTerms,
  at: Date,
): { ok: true; quote: ChangeQuote } | { ok: false; reason: QuoteRefusal } {
  const recurring = periodPrice(next.plan, next.cycle, next.currency, next.seats);
  if (recurring === null) return { ok: false, reason: 'plan_not_purchasable' };
  if (!checkSeats(next.plan, next.seats)) return { ok: false, reason: 'seats_out_of_range' };
  const running = current && current.period.end.getTime() > at.getTime() ? current : null;
  if (running && !isUpgrade(running.plan, next.plan)) return { ok: false, reason: 'not_an_upgrade' };
  const oldWhole = running
    ? (periodPrice(running.plan, running.cycle, running.currency, running.seats) ?? 0)
    : 0;
  // an unused part in another currency cannot be set against the new price: it is not credited
  const credit = running && running.currency === next.currency ? prorate(oldWhole, running.period, at) : 0;
  if (running && running.cycle === next.cycle) {
    const due = prorate(recurring, running.period, at) - credit;
    return {
      ok: true,
      quote: {
        amountMinor: Math.max(0, due),
        creditMinor: credit,
        period: running.period,
        nextInvoiceAt: running.period.end,
        recurringMinor: recurring,
      },
    };
  }
  const period = { start: at, end: addCycle(at, next.cycle) };
  return {
    ok: true,
    quote: {
      amountMinor: Math.max(0, recurring - credit),
      creditMinor: credit,
      period,
      nextInvoiceAt: period.end,
      recurringMinor: recurring,
    },
  };
}
