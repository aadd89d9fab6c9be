// A business's plan changes that cost money: seats and upgrades, each with its preview (the same
// quote at that moment), and ending the trial early.
import type { BillingCycle, Currency, PlanId } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import { afterEvent, chargeQuote, requireRoomForPeople, type ChargeOutcome } from './charges.js';
import type { BillingDeps } from './deps.js';
import type { SubscriptionRecord } from './model.js';
import { loadSubscription } from './business-billing.js';
import type { Buyer } from './codes.js';
import { paidPeriodOf, purchaseCurrency, quotePurchase, type Purchase, type Quote } from './quotes.js';
import { GRACE_DAYS, hasBillingAddress } from '@countersign/domain';
import { presentPricePlan, saveSubscription } from './subscriptions.js';

const DAY_MS = 86_400_000;

export interface UpgradeInput {
  plan: PlanId;
  cycle: BillingCycle;
  amountSeats: number;
  currency?: Currency | undefined;
  promoCode?: string | undefined;
  referralCode?: string | undefined;
}

/** A seat change keeps the plan, cycle and currency of the paid period it changes. */
async function quoteSeats(
  deps: BillingDeps,
  principal: PersonPrincipal,
  subscription: SubscriptionRecord,
  seats: number,
): Promise<Quote> {
  const period = paidPeriodOf(subscription);
  if (!period) throw new AppError('billing.no_subscription', 'Buy a plan first; seats come with it');
  // told in the preview already; the change checks again under the seat lock (chargeQuote)
  await requireRoomForPeople(deps.db, subscription.businessId ?? '', seats);
  return quotePurchase(deps, subscription, {
    plan: period.plan,
    cycle: period.cycle,
    currency: period.currency,
    seats,
    buyer: buyerOf(principal, subscription),
  });
}

/** The admin buying for their business. */
const buyerOf = (principal: PersonPrincipal, subscription: SubscriptionRecord): Buyer => ({
  userId: principal.userId,
  ip: principal.ip,
  businessId: subscription.businessId,
});

function purchaseOf(
  deps: BillingDeps,
  principal: PersonPrincipal,
  subscription: SubscriptionRecord,
  input: UpgradeInput,
): Purchase {
  return {
    plan: input.plan,
    cycle: input.cycle,
    seats: input.amountSeats,
    currency: purchaseCurrency(deps, input.currency),
    promoCode: input.promoCode,
    referralCode: input.referralCode,
    buyer: buyerOf(principal, subscription),
  };
}

export async function previewSeats(
  deps: BillingDeps,
  principal: PersonPrincipal,
  businessId: string,
  seats: number,
) {
  const subscription = await loadSubscription(deps, principal, businessId, 'change_plan');
  return (await quoteSeats(deps, principal, subscription, seats)).preview;
}

export async function updateSeats(
  deps: BillingDeps,
  principal: PersonPrincipal,
  businessId: string,
  input: { seats: number; timestamp: string },
) {
  const subscription = await loadSubscription(deps, principal, businessId, 'change_plan');
  if (input.timestamp !== subscription.updatedAt) {
    throw new AppError('billing.stale_timestamp', 'The subscription changed since you read it; reload it');
  }
  const quote = await quoteSeats(deps, principal, subscription, input.seats);
  return presentOutcome(deps, quote, await chargeQuote(deps, subscription, 'seats', quote));
}

export async function previewUpgrade(
  deps: BillingDeps,
  principal: PersonPrincipal,
  businessId: string,
  input: UpgradeInput,
) {
  const subscription = await loadSubscription(deps, principal, businessId, 'change_plan');
  return (await quotePurchase(deps, subscription, purchaseOf(deps, principal, subscription, input))).preview;
}

export async function upgrade(
  deps: BillingDeps,
  principal: PersonPrincipal,
  businessId: string,
  input: UpgradeInput,
) {
  const subscription = await loadSubscription(deps, principal, businessId, 'change_plan');
  if (input.plan === 'individual') {
    throw new AppError(
      'billing.plan_not_purchasable',
      'The individual plan is for people without a business',
    );
  }
  // every invoice names the business's address: a purchase without one is refused before any
  // charge, whichever client asks (the web app asks for it on the checkout page)
  if (!hasBillingAddress(subscription)) {
    throw new AppError(
      'billing.address_required',
      'Save the billing address (street, postal code, town, country) before buying a plan',
    );
  }
  const quote = await quotePurchase(deps, subscription, purchaseOf(deps, principal, subscription, input));
  return presentOutcome(deps, quote, await chargeQuote(deps, subscription, 'upgrade', quote));
}

export async function presentOutcome(deps: BillingDeps, quote: Quote, outcome: ChargeOutcome) {
  return {
    status: outcome.status,
    actionUrl: outcome.status === 'requires_action' ? outcome.actionUrl : null,
    charged: quote.preview,
    pricePlan: await presentPricePlan(deps, outcome.subscription),
  };
}

/** Ends the trial now: the business needs a paid plan from then on (NEEDS_PAYMENT_METHOD, then locked). */
export async function cancelTrial(deps: BillingDeps, principal: PersonPrincipal, businessId: string) {
  const subscription = await loadSubscription(deps, principal, businessId, 'change_plan');
  if (subscription.paymentState !== 'TRIALING')
    throw new AppError('billing.not_trialing', 'The trial is over');
  const now = deps.clock.now();
  const saved = await saveSubscription(deps, subscription, {
    ...afterEvent(subscription, 'trial_canceled'),
    trialEndsAt: now.toISOString(),
    periodEnd: now.toISOString(),
    graceEndsAt: new Date(now.getTime() + GRACE_DAYS * DAY_MS).toISOString(),
  });
  return presentPricePlan(deps, saved);
}
