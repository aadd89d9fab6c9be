// Reading a subscription: a business's is made on first need (its trial runs from the business's
// registration), an individual's exists once they saved a card or bought a plan. And the plan as
// the contract presents it (spec 3 `pricePlan`).
import type { PricePlan } from '@countersign/contract';
import {
  ENTITLEMENTS,
  SEAT_LIMITS,
  TRIAL_DAYS,
  currencyOfPlatform,
  hasPaymentIssue,
  planName,
  promoStatus,
  type Entitled,
  type FreeAccountType,
  type PromoCode,
} from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/tokens.js';
import type { BillingDeps } from './deps.js';
import type { SubscriptionRecord } from './model.js';
import * as repo from './repo.js';

const DAY_MS = 86_400_000;

function emptySubscription(deps: BillingDeps, at: string): Omit<SubscriptionRecord, 'id'> {
  return {
    businessId: null,
    userId: null,
    plan: 'free_legacy',
    cycle: null,
    currency: currencyOfPlatform(deps.platform),
    seats: 1,
    periodStart: null,
    periodEnd: null,
    nextPlan: null,
    trialEndsAt: null,
    graceEndsAt: null,
    paymentState: 'NEEDS_PAYMENT_METHOD',
    subscriptionStatus: null,
    customerId: null,
    address1: '',
    address2: '',
    city: '',
    country: '',
    postalCode: '',
    vat: '',
    referralCode: null,
    promoCode: null,
    referredBy: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** The business's subscription; its trial starts with the business (TRIAL_DAYS from registration). */
export async function businessSubscription(
  deps: BillingDeps,
  businessId: string,
): Promise<SubscriptionRecord> {
  const found = await repo.findSubscriptionOfBusiness(deps.db, businessId);
  if (found) return found;
  const business = await repo.findBusiness(deps.db, businessId);
  if (!business) throw new AppError('business.not_found', 'No such business');
  const trialEndsAt = new Date(Date.parse(business.created_at) + TRIAL_DAYS * DAY_MS).toISOString();
  await repo.insertSubscriptionIfAbsent(deps.db, {
    ...emptySubscription(deps, deps.clock.now().toISOString()),
    id: newId(),
    businessId,
    plan: 'trial',
    seats: SEAT_LIMITS.trial.max ?? 1,
    periodStart: business.created_at,
    periodEnd: trialEndsAt,
    trialEndsAt,
    paymentState: 'TRIALING',
    country: business.country,
  });
  const created = await repo.findSubscriptionOfBusiness(deps.db, businessId);
  if (!created) throw new AppError('business.not_found', 'No such business');
  return created;
}

/** An individual's subscription, made (without a plan) when they first save a card. */
export async function individualSubscription(deps: BillingDeps, userId: string): Promise<SubscriptionRecord> {
  const found = await repo.findSubscriptionOfUser(deps.db, userId);
  if (found) return found;
  await repo.insertSubscriptionIfAbsent(deps.db, {
    ...emptySubscription(deps, deps.clock.now().toISOString()),
    id: newId(),
    userId,
  });
  const created = await repo.findSubscriptionOfUser(deps.db, userId);
  if (!created) throw new Error('the subscription just made is not there');
  return created;
}

/** True when an individual's subscription is a bought plan (not just a saved card). */
export function hasPaidPlan(
  subscription: SubscriptionRecord | undefined,
): subscription is SubscriptionRecord {
  return subscription !== undefined && subscription.cycle !== null && subscription.plan !== 'free_legacy';
}

/** What an individual is entitled to: the plan they bought while it is paid, else their free type. */
export function individualEntitlement(
  subscription: SubscriptionRecord | undefined,
  freeAccountType: FreeAccountType | null,
): Entitled {
  if (hasPaidPlan(subscription) && subscription.paymentState !== 'BLOCKED') return subscription.plan;
  // accounts from before the free plans carry no type: the legacy free plan is theirs (ADR 055)
  return freeAccountType ?? 'free_legacy';
}

/**
 * Writes a subscription changed from `read` (compare-and-set on its version); a version moved by
 * someone else meanwhile is a 409 that changes nothing.
 */
export async function saveSubscription(
  deps: Pick<BillingDeps, 'db' | 'clock'>,
  read: SubscriptionRecord,
  changes: Partial<SubscriptionRecord>,
): Promise<SubscriptionRecord> {
  const next = { ...read, ...changes, updatedAt: nextVersionOf(read, deps.clock.now()) };
  if (!(await repo.replaceSubscription(deps.db, next, read.updatedAt))) {
    throw new AppError('billing.stale_timestamp', 'The subscription changed meanwhile; read it again');
  }
  return next;
}

function nextVersionOf(read: SubscriptionRecord, now: Date): string {
  return new Date(Math.max(now.getTime(), Date.parse(read.updatedAt) + 1)).toISOString();
}

export async function presentPricePlan(
  deps: BillingDeps,
  subscription: SubscriptionRecord,
): Promise<PricePlan> {
  const promo: PromoCode | undefined = subscription.promoCode
    ? await repo.findPromo(deps.db, subscription.promoCode)
    : undefined;
  const ended = subscription.subscriptionStatus === 'canceled';
  return {
    name: planName(subscription.plan, subscription.cycle),
    plan: subscription.plan,
    cycle: subscription.cycle,
    currency: subscription.currency,
    seats: subscription.seats,
    licenses: { idents: ENTITLEMENTS[subscription.plan].idents },
    current: {
      base: {
        type: ended ? 'CANCELED' : subscription.plan,
        startAt: subscription.periodStart,
        endAt: subscription.periodEnd,
      },
    },
    next: subscription.nextPlan
      ? { base: { type: subscription.nextPlan, startAt: subscription.periodEnd, endAt: null } }
      : null,
    discounts: promo
      ? [
          {
            promoCode: promo.code,
            type: promo.discount.type,
            value:
              promo.discount.type === 'percent' ? promo.discount.basisPoints : promo.discount.amountMinor,
            status: promoStatus(promo),
            expiresAt: promo.expiresAt,
          },
        ]
      : [],
    trialEndsAt: subscription.trialEndsAt,
    paymentState: subscription.paymentState,
    subscriptionStatus: subscription.subscriptionStatus,
    paymentIssue: hasPaymentIssue(subscription.subscriptionStatus),
    timestamp: subscription.updatedAt,
  };
}
