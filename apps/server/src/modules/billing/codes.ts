// The promo and referral codes a buyer gives with a purchase (ADR 063). Looking a code up is a
// guess: each is counted per account and per IP before the lookup (so guesses made at once cannot
// pass the limit together) and given back when the code exists, so that codes cannot be found by
// trying. A referral discounts one charge of a subscription, once, and never the business that
// gave the code or anyone of its people.
import { checkPromo, normalisePromoCode, type PromoRefusal } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import { settingsOfBusiness } from '../businesses/index.js';
import type { BillingDeps } from './deps.js';
import type { SubscriptionRecord } from './model.js';
import type { Purchase } from './quotes.js';
import * as repo from './repo.js';
import { sharesPeople } from './referral-repo.js';

/** Who buys: the person, where from, and the business they buy for (null: for themselves). */
export interface Buyer {
  userId: string;
  ip: string;
  businessId: string | null;
}

/** Unknown codes one account, and one IP, may try in an hour. */
export const CODE_GUESS_LIMITS = {
  perAccount: { name: 'billing-code-guesses-account', limit: 10, windowSeconds: 3600 },
  perIp: { name: 'billing-code-guesses-ip', limit: 30, windowSeconds: 3600 },
} as const;

const PROMO_ERRORS: Record<
  PromoRefusal,
  ['billing.promo_expired' | 'billing.promo_used_up' | 'billing.promo_not_applicable', string]
> = {
  expired: ['billing.promo_expired', 'The promo code has expired'],
  used_up: ['billing.promo_used_up', 'Every use of the promo code has been taken'],
  not_applicable: ['billing.promo_not_applicable', 'The promo code is for other plans, cycles or currencies'],
};

/** Looks a code up as one guess of the buyer's: 429 past the limits, given back when found. */
async function lookUpAsGuess<T>(
  deps: Pick<BillingDeps, 'throttle'>,
  buyer: Buyer,
  lookUp: () => Promise<T | undefined>,
): Promise<T | undefined> {
  await deps.throttle.hit(CODE_GUESS_LIMITS.perAccount, buyer.userId);
  await deps.throttle.hit(CODE_GUESS_LIMITS.perIp, buyer.ip);
  const found = await lookUp();
  if (found !== undefined) {
    await deps.throttle.giveBack(CODE_GUESS_LIMITS.perAccount, buyer.userId);
    await deps.throttle.giveBack(CODE_GUESS_LIMITS.perIp, buyer.ip);
  }
  return found;
}

/** The promo code that applies to a purchase, or the AppError that says why not. */
export async function applicablePromo(deps: BillingDeps, code: string, purchase: Purchase) {
  const promo = await lookUpAsGuess(deps, purchase.buyer, () =>
    repo.findPromo(deps.db, normalisePromoCode(code)),
  );
  if (!promo) throw new AppError('billing.promo_not_found', 'No such promo code');
  const verdict = checkPromo(promo, purchase, deps.clock.now());
  if (!verdict.ok) throw new AppError(...PROMO_ERRORS[verdict.reason]);
  return promo;
}

/**
 * The subscription whose referral code discounts a purchase, or the AppError that says why none
 * does: an unknown code, a subscription referred once already, or the buyer's own business.
 */
export async function applicableReferral(
  deps: BillingDeps,
  code: string,
  buyer: Buyer,
  subscription: SubscriptionRecord | undefined,
): Promise<SubscriptionRecord> {
  const referrer = await lookUpAsGuess(deps, buyer, () =>
    repo.findSubscriptionByReferral(deps.db, code.trim().toUpperCase()),
  );
  // the code of a business that left the referral programme (ADR 104) refers nobody: answered as an
  // unknown code, so that whether a business ever took part cannot be told from outside
  const isReferring =
    referrer?.businessId != null &&
    (await settingsOfBusiness(deps.db, referrer.businessId))?.affiliate.enabled === true;
  if (!referrer?.businessId || !isReferring)
    throw new AppError('billing.referral_not_found', 'No such referral code');
  if (subscription?.referredBy) {
    throw new AppError('billing.referral_used', 'A referral discount was given to this account already');
  }
  if (subscription?.id === referrer.id || (await sharesPeople(deps.db, referrer.businessId, buyer))) {
    throw new AppError('billing.referral_own', 'A business cannot refer itself or its own people');
  }
  return referrer;
}
