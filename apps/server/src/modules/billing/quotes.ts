// Previews: what a change costs now, exactly as the change will charge it (the change computes
// its amount through the same function at its own moment). Prorated amounts and credit from the
// domain's `quoteChange`, then the promo code or referral, then VAT for the billing address.
import type { Preview } from '@countersign/contract';
import {
  currencyOfPlatform,
  discountOn,
  quoteChange,
  taxFor,
  taxOn,
  type BillingCycle,
  type Currency,
  type PaidPeriod,
  type PlanId,
  type QuoteRefusal,
} from '@countersign/domain';
import type { ErrorCode } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { applicablePromo, applicableReferral, type Buyer } from './codes.js';
import type { BillingDeps } from './deps.js';
import type { ChargeTerms, SubscriptionRecord } from './model.js';

/** A referral code takes 10 % off one charge of a subscription, once (when no promo code is given). */
export const REFERRAL_BASIS_POINTS = 1_000;

export interface Purchase {
  plan: PlanId;
  cycle: BillingCycle;
  seats: number;
  currency: Currency;
  promoCode?: string | undefined;
  referralCode?: string | undefined;
  /** who gives the codes: their guesses are counted, and a business cannot refer itself */
  buyer: Buyer;
}

export interface Quote {
  preview: Preview;
  terms: ChargeTerms;
}

const QUOTE_ERRORS: Record<QuoteRefusal, [ErrorCode, string]> = {
  plan_not_purchasable: ['billing.plan_not_purchasable', 'This plan is not sold here'],
  seats_out_of_range: ['billing.seats_out_of_range', "The seats lie outside the plan's limits"],
  not_an_upgrade: ['billing.not_an_upgrade', 'A lower plan starts at the end of the period'],
};

/**
 * The currency of a purchase: the platform's, always (ADR 055). A client that names another one is
 * told so rather than charged in a currency the price list did not show.
 */
export function purchaseCurrency(deps: Pick<BillingDeps, 'platform'>, asked?: Currency): Currency {
  const offered = currencyOfPlatform(deps.platform);
  if (asked !== undefined && asked !== offered) {
    throw new AppError('billing.currency_not_offered', `Plans are sold in ${offered} here`);
  }
  return offered;
}

/** The paid period a subscription runs in, if any: trials, free plans and lapsed periods have none. */
export function paidPeriodOf(subscription: SubscriptionRecord | undefined): PaidPeriod | null {
  if (!subscription || subscription.cycle === null || !subscription.periodStart || !subscription.periodEnd)
    return null;
  if (!['STRIPE', 'CHARGEBEE', 'MANUAL'].includes(subscription.paymentState)) return null;
  return {
    plan: subscription.plan,
    cycle: subscription.cycle,
    currency: subscription.currency,
    seats: subscription.seats,
    period: { start: new Date(subscription.periodStart), end: new Date(subscription.periodEnd) },
  };
}

export async function quotePurchase(
  deps: BillingDeps,
  subscription: SubscriptionRecord | undefined,
  purchase: Purchase,
): Promise<Quote> {
  const at = deps.clock.now();
  const result = quoteChange(paidPeriodOf(subscription), purchase, at);
  if (!result.ok) throw new AppError(...QUOTE_ERRORS[result.reason]);
  const { quote } = result;
  const net = Math.max(0, quote.amountMinor);
  let discount = 0;
  let promoCode: string | null = null;
  let referredBy: string | null = null;
  if (purchase.promoCode) {
    const promo = await applicablePromo(deps, purchase.promoCode, purchase);
    discount = discountOn(net, promo.discount);
    promoCode = promo.code;
  } else if (purchase.referralCode) {
    const referrer = await applicableReferral(deps, purchase.referralCode, purchase.buyer, subscription);
    discount = discountOn(net, { type: 'percent', basisPoints: REFERRAL_BASIS_POINTS });
    referredBy = referrer.id;
  }
  const tax = taxFor(deps.platform, {
    country: subscription?.country || (deps.platform === 'CH' ? 'CH' : 'DE'),
    vatNumber: subscription?.vat || null,
  });
  const taxable = net - discount;
  const taxMinor = taxOn(taxable, tax);
  const preview: Preview = {
    plan: purchase.plan,
    cycle: purchase.cycle,
    currency: purchase.currency,
    seats: purchase.seats,
    subtotalMinor: quote.amountMinor + quote.creditMinor,
    creditMinor: quote.creditMinor,
    discountMinor: discount,
    taxMinor,
    taxRateBasisPoints: tax.rateBasisPoints,
    reverseCharge: tax.reverseCharge,
    totalMinor: taxable + taxMinor,
    periodStart: quote.period.start.toISOString(),
    periodEnd: quote.period.end.toISOString(),
    nextInvoiceAt: quote.nextInvoiceAt.toISOString(),
    recurringMinor: quote.recurringMinor,
    promoCode,
  };
  return {
    preview,
    terms: {
      plan: purchase.plan,
      cycle: purchase.cycle,
      currency: purchase.currency,
      seats: purchase.seats,
      periodStart: preview.periodStart,
      periodEnd: preview.periodEnd,
      promoCode,
      referredBy,
    },
  };
}
