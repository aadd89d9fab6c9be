// Payment-method states of a business and the payment-issue rule (spec 4).

/**
 * Spec 4: TRIALING; NEEDS_PAYMENT_METHOD (the trial expired); BLOCKED (the business is locked);
 * MANUAL (invoiced by hand); STRIPE and CHARGEBEE (billed through that provider).
 */
export const PAYMENT_METHOD_STATES = [
  'TRIALING',
  'NEEDS_PAYMENT_METHOD',
  'BLOCKED',
  'MANUAL',
  'STRIPE',
  'CHARGEBEE',
] as const;

export type PaymentMethodState = (typeof PAYMENT_METHOD_STATES)[number];

export function isPaymentMethodState(value: unknown): value is PaymentMethodState {
  return typeof value === 'string' && (PAYMENT_METHOD_STATES as readonly string[]).includes(value);
}

/** Spec 4: NEEDS_PAYMENT_METHOD means the trial has expired. */
export function isTrialExpired(state: string | null | undefined): boolean {
  return state === 'NEEDS_PAYMENT_METHOD';
}

/** Spec 4: BLOCKED means the business is locked. */
export function isBusinessLocked(state: string | null | undefined): boolean {
  return state === 'BLOCKED';
}

/** Subscription statuses that are not a payment issue (spec 4). */
export const HEALTHY_SUBSCRIPTION_STATUSES = ['active', 'incomplete_expired'] as const;

/**
 * Spec 4: a payment issue exists when the subscription status is other than active or
 * incomplete_expired. A business with no subscription status at all (manual billing, no
 * provider subscription) has nothing to pay through a provider, so that is not an issue.
 */
export function hasPaymentIssue(subscriptionStatus: string | null | undefined): boolean {
  if (subscriptionStatus === null || subscriptionStatus === undefined || subscriptionStatus === '')
    return false;
  return !(HEALTHY_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscriptionStatus);
}
