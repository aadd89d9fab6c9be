// Billing records as the contract presents them: the billing details (spec 3 `Business.billing`),
// usage, and a charge's outcome.
import type { BusinessBilling } from '@countersign/contract';
import { signatureAllowance, SEAT_LIMITS, type Entitled } from '@countersign/domain';
import type { BillingDeps } from './deps.js';
import type { SubscriptionRecord } from './model.js';
import * as repo from './repo.js';

export async function presentBilling(
  deps: BillingDeps,
  subscription: SubscriptionRecord,
): Promise<BusinessBilling> {
  const card =
    deps.provider && subscription.customerId
      ? await deps.provider.getPaymentMethod(subscription.customerId)
      : null;
  return {
    address1: subscription.address1,
    address2: subscription.address2,
    city: subscription.city,
    country: subscription.country,
    postalCode: subscription.postalCode,
    vat: subscription.vat,
    currency: subscription.currency,
    paymentMethod: subscription.paymentState,
    stripeSubscriptionStatus: subscription.subscriptionStatus,
    card: card
      ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
      : null,
  };
}

/** The calendar month (UTC) usage counts in: `YYYY-MM`, and its bounds. */
export function monthOf(at: Date) {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { month: start.toISOString().slice(0, 7), start, end };
}

export async function presentSignatureUsage(
  deps: BillingDeps,
  subject: string,
  entitled: Entitled,
  seats: number,
) {
  const { month, start, end } = monthOf(deps.clock.now());
  const used = await repo.usedThisMonth(deps.db, subject, month);
  const allowance = signatureAllowance(entitled, seats);
  return {
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    signatures: {
      ses: { used: used.ses, limit: allowance.ses },
      aes: { used: used.aes, limit: allowance.aes },
      qes: { used: used.qes, limit: allowance.qes },
    },
  };
}

export function seatLimitsOf(subscription: SubscriptionRecord) {
  return { purchased: subscription.seats, ...SEAT_LIMITS[subscription.plan] };
}
