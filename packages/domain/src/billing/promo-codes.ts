// Promo codes: whether one applies to a purchase (spec 3 `discounts`: status ACTIVE or USED_UP,
// expiresAt; spec 3 promo validation: per plan and cycle), and what it takes off.
import type { Currency } from '../locale.js';
import { basisPointsOf } from './money.js';
import type { BillingCycle, PlanId } from './plans.js';

export type PromoStatus = 'ACTIVE' | 'USED_UP';

export type PromoDiscount =
  { type: 'percent'; basisPoints: number } | { type: 'amount'; amountMinor: number; currency: Currency };

export interface PromoCode {
  code: string;
  discount: PromoDiscount;
  /** the plans and cycles it applies to; null applies to all */
  plans: readonly PlanId[] | null;
  cycles: readonly BillingCycle[] | null;
  /** how many purchases may use it; null for no limit */
  maxRedemptions: number | null;
  redemptions: number;
  /** ISO 8601; null for no expiry */
  expiresAt: string | null;
}

export type PromoRefusal = 'expired' | 'used_up' | 'not_applicable';

export function promoStatus(promo: Pick<PromoCode, 'maxRedemptions' | 'redemptions'>): PromoStatus {
  return promo.maxRedemptions !== null && promo.redemptions >= promo.maxRedemptions ? 'USED_UP' : 'ACTIVE';
}

/** Promo codes are compared without case and surrounding spaces. */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Whether a code applies to a purchase of `plan` on `cycle` in `currency` at `at`. An amount off
 * in another currency does not apply. Expiry is checked first: an expired code is expired, however
 * many uses it had left.
 */
export function checkPromo(
  promo: PromoCode,
  purchase: { plan: PlanId; cycle: BillingCycle; currency: Currency },
  at: Date,
): { ok: true } | { ok: false; reason: PromoRefusal } {
  if (promo.expiresAt !== null && Date.parse(promo.expiresAt) <= at.getTime())
    return { ok: false, reason: 'expired' };
  if (promoStatus(promo) === 'USED_UP') return { ok: false, reason: 'used_up' };
  if (promo.plans !== null && !promo.plans.includes(purchase.plan))
    return { ok: false, reason: 'not_applicable' };
  if (promo.cycles !== null && !promo.cycles.includes(purchase.cycle))
    return { ok: false, reason: 'not_applicable' };
  if (promo.discount.type === 'amount' && promo.discount.currency !== purchase.currency) {
    return { ok: false, reason: 'not_applicable' };
  }
  return { ok: true };
}

/** What the code takes off an amount: never more than the amount. */
export function discountOn(amountMinor: number, discount: PromoDiscount): number {
  const off =
    discount.type === 'percent' ? basisPointsOf(amountMinor, discount.basisPoints) : discount.amountMinor;
  return Math.min(amountMinor, Math.max(0, off));
}
