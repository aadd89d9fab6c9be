// An individual's own plan: buying the individual plan (preview, saving a card, confirming),
// reading it with this month's usage, and cancelling it at the period's end.
import {
  canUpload,
  isFreeAccountType,
  type BillingCycle,
  type Currency,
  type PlanId,
} from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import { setNextBase } from './business-billing.js';
import { chargeQuote } from './charges.js';
import type { BillingDeps } from './deps.js';
import { startSetupIntent } from './payment-methods.js';
import { presentOutcome } from './plan-changes.js';
import { presentSignatureUsage } from './presenter.js';
import { purchaseCurrency, quotePurchase, type Purchase } from './quotes.js';
import * as repo from './repo.js';
import {
  hasPaidPlan,
  individualEntitlement,
  individualSubscription,
  presentPricePlan,
} from './subscriptions.js';

export interface DirectUpgradeInput {
  plan: PlanId;
  cycle: BillingCycle;
  currency?: Currency | undefined;
  promoCode?: string | undefined;
  referralCode?: string | undefined;
}

/** People of a business are billed through it. */
function requireIndividual(principal: PersonPrincipal): void {
  if (principal.membership) {
    throw new AppError('billing.member_of_business', 'Your plan is your business’s plan');
  }
}

function purchaseOf(deps: BillingDeps, principal: PersonPrincipal, input: DirectUpgradeInput): Purchase {
  if (input.plan !== 'individual') {
    throw new AppError(
      'billing.plan_not_purchasable',
      'An individual buys the individual plan; businesses buy the others',
    );
  }
  return {
    plan: 'individual',
    cycle: input.cycle,
    seats: 1,
    currency: purchaseCurrency(deps, input.currency),
    promoCode: input.promoCode,
    referralCode: input.referralCode,
    buyer: { userId: principal.userId, ip: principal.ip, businessId: null },
  };
}

export async function previewDirectUpgrade(
  deps: BillingDeps,
  principal: PersonPrincipal,
  input: DirectUpgradeInput,
) {
  requireIndividual(principal);
  const subscription = await repo.findSubscriptionOfUser(deps.db, principal.userId);
  return (await quotePurchase(deps, subscription, purchaseOf(deps, principal, input))).preview;
}

export async function createDirectSetupIntent(
  deps: BillingDeps,
  principal: PersonPrincipal,
  country: string,
) {
  requireIndividual(principal);
  const subscription = await individualSubscription(deps, principal.userId);
  const contact = await repo.userContact(deps.db, principal.userId);
  return startSetupIntent(
    deps,
    subscription,
    { email: contact?.email ?? principal.email, name: contact?.name ?? '', country },
    '/upgrade',
  );
}

export async function confirmDirectUpgrade(
  deps: BillingDeps,
  principal: PersonPrincipal,
  input: DirectUpgradeInput,
) {
  requireIndividual(principal);
  const subscription = await individualSubscription(deps, principal.userId);
  const quote = await quotePurchase(deps, subscription, purchaseOf(deps, principal, input));
  return presentOutcome(deps, quote, await chargeQuote(deps, subscription, 'upgrade', quote));
}

export async function getUserPricePlan(deps: BillingDeps, principal: PersonPrincipal) {
  const subscription = await repo.findSubscriptionOfUser(deps.db, principal.userId);
  const contact = await repo.userContact(deps.db, principal.userId);
  const freeAccountType = isFreeAccountType(contact?.freeAccountType) ? contact.freeAccountType : null;
  const entitled = individualEntitlement(subscription, freeAccountType);
  const usage = await presentSignatureUsage(deps, principal.userId, entitled, 1);
  return {
    pricePlan: hasPaidPlan(subscription) ? await presentPricePlan(deps, subscription) : null,
    freeAccountType,
    usage,
    canUpload: canUpload(entitled),
  };
}

export async function updateUserBase(
  deps: BillingDeps,
  principal: PersonPrincipal,
  type: PlanId | 'CANCELED',
) {
  const subscription = await repo.findSubscriptionOfUser(deps.db, principal.userId);
  if (!hasPaidPlan(subscription)) throw new AppError('billing.no_subscription', 'You have no paid plan');
  return presentPricePlan(deps, await setNextBase(deps, subscription, type));
}
