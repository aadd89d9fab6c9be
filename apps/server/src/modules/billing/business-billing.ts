// A business's billing details, plan, extras and usage; and what comes after the period (cancel,
// revoke, downgrade at renewal).
import {
  checkVatNumber,
  isPurchasablePlan,
  isUpgrade,
  ENTITLEMENTS,
  type Currency,
  type PlanId,
} from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import type { BillingDeps } from './deps.js';
import type { BillingAddress, SubscriptionRecord } from './model.js';
import { authorizeBilling, type BillingAction } from './policy.js';
import { presentBilling, presentSignatureUsage, seatLimitsOf } from './presenter.js';
import { paidPeriodOf, purchaseCurrency } from './quotes.js';
import * as repo from './repo.js';
import { businessSubscription, presentPricePlan, saveSubscription } from './subscriptions.js';

/** Authorises, then reads (or starts) the business's subscription. */
export async function loadSubscription(
  deps: BillingDeps,
  principal: PersonPrincipal,
  businessId: string,
  action: BillingAction,
): Promise<SubscriptionRecord> {
  authorizeBilling(principal, action, businessId);
  return businessSubscription(deps, businessId);
}

export async function getBilling(deps: BillingDeps, principal: PersonPrincipal, businessId: string) {
  return presentBilling(deps, await loadSubscription(deps, principal, businessId, 'view_billing'));
}

export async function updateBilling(
  deps: BillingDeps,
  principal: PersonPrincipal,
  businessId: string,
  input: BillingAddress & { currency?: Currency | undefined },
) {
  const subscription = await loadSubscription(deps, principal, businessId, 'manage_billing');
  let vat = '';
  if (input.vat !== '') {
    const checked = checkVatNumber(input.vat, input.country);
    if (!checked.ok) {
      throw new AppError('billing.vat_invalid', `Not a VAT number of ${input.country}`, {
        errors: [{ path: 'body.vat', message: checked.reason }],
      });
    }
    vat = checked.normalised;
  }
  const currency = purchaseCurrency(deps, input.currency);
  const saved = await saveSubscription(deps, subscription, {
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    country: input.country,
    postalCode: input.postalCode,
    vat,
    currency,
  });
  return presentBilling(deps, saved);
}

export async function getPricePlan(deps: BillingDeps, principal: PersonPrincipal, businessId: string) {
  return presentPricePlan(deps, await loadSubscription(deps, principal, businessId, 'view_plan'));
}

/**
 * The next period's base: CANCELED cancels at the period's end (revocable until then by sending
 * the current plan); a lower purchasable plan is a downgrade then. Only a paid period has a next.
 */
export async function setNextBase(
  deps: BillingDeps,
  subscription: SubscriptionRecord,
  type: PlanId | 'CANCELED',
) {
  if (!paidPeriodOf(subscription)) {
    throw new AppError('billing.no_subscription', 'There is no paid period to cancel or change');
  }
  if (type !== 'CANCELED' && !isPurchasablePlan(type)) {
    throw new AppError('billing.plan_not_purchasable', 'This plan is not sold here');
  }
  if (type !== 'CANCELED' && type !== subscription.plan && isUpgrade(subscription.plan, type)) {
    throw new AppError('billing.not_an_upgrade', 'A higher plan is bought now (upgrade), not at renewal');
  }
  const nextPlan = type === subscription.plan ? null : type;
  return saveSubscription(deps, subscription, { nextPlan });
}

export async function updateBase(
  deps: BillingDeps,
  principal: PersonPrincipal,
  businessId: string,
  type: PlanId | 'CANCELED',
) {
  const subscription = await loadSubscription(deps, principal, businessId, 'change_plan');
  return presentPricePlan(deps, await setNextBase(deps, subscription, type));
}

export async function getCustomExtras(deps: BillingDeps, principal: PersonPrincipal, businessId: string) {
  const subscription = await loadSubscription(deps, principal, businessId, 'view_billing');
  const entitlements = ENTITLEMENTS[subscription.plan];
  return {
    licenses: { idents: entitlements.idents },
    seats: seatLimitsOf(subscription),
    signaturesPerSeat: entitlements.signaturesPerSeat,
  };
}

export async function getUsage(deps: BillingDeps, principal: PersonPrincipal, businessId: string) {
  const subscription = await loadSubscription(deps, principal, businessId, 'view_billing');
  const taken = await repo.seatsTaken(deps.db, businessId);
  return {
    ...(await presentSignatureUsage(deps, businessId, subscription.plan, subscription.seats)),
    seats: { purchased: subscription.seats, ...taken },
  };
}
