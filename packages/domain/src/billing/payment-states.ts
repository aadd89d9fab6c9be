// The payment-state machine of a subscription (spec 4): TRIALING, NEEDS_PAYMENT_METHOD (the trial
// ran out, or a renewal failed: a grace period), BLOCKED (locked), MANUAL (invoiced by hand),
// STRIPE and CHARGEBEE (billed through that provider; the sandbox provider bills as STRIPE). Each
// state carries the provider's subscription status the spec's payment-issue rule reads.
import type { PaymentMethodState } from '../payment.js';

/** The provider's subscription status (Stripe's vocabulary); null while there is no subscription. */
export type SubscriptionStatus =
  'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired';

export interface PaymentSnapshot {
  state: PaymentMethodState;
  subscriptionStatus: SubscriptionStatus | null;
}

export const PAYMENT_EVENTS = [
  /** the trial's end passed without a paid plan */
  'trial_ended',
  /** the customer ended the trial early */
  'trial_canceled',
  /** the grace period after the trial or a failed renewal passed without payment */
  'grace_ended',
  /** a charge (purchase, upgrade, seats, renewal) succeeded through the provider */
  'payment_succeeded',
  /** a charge failed, or its 3-D Secure step was failed */
  'payment_failed',
  /** a charge waits for the customer's 3-D Secure step */
  'payment_requires_action',
  /** a cancelled subscription reached the end of its last period */
  'subscription_ended',
  /** an operator moved the customer to invoices by hand */
  'switched_to_manual',
] as const;
export type PaymentEvent = (typeof PAYMENT_EVENTS)[number];

type Rule = (from: PaymentSnapshot) => PaymentSnapshot | null;

const to =
  (state: PaymentMethodState, subscriptionStatus: SubscriptionStatus | null): Rule =>
  () => ({ state, subscriptionStatus });
const stay: Rule = (from) => from;
/** What a provider-billed state becomes: STRIPE and CHARGEBEE keep their provider. */
const billed = (from: PaymentSnapshot): PaymentMethodState =>
  from.state === 'CHARGEBEE' ? 'CHARGEBEE' : 'STRIPE';

/** The transitions: a missing entry is a transition the machine refuses. */
const TRANSITIONS: Readonly<Record<PaymentEvent, Partial<Record<PaymentMethodState, Rule>>>> = {
  trial_ended: { TRIALING: to('NEEDS_PAYMENT_METHOD', null) },
  trial_canceled: { TRIALING: to('NEEDS_PAYMENT_METHOD', null) },
  grace_ended: {
    NEEDS_PAYMENT_METHOD: (from) => ({
      state: 'BLOCKED',
      // a failed renewal left a subscription unpaid; an expired trial never had one
      subscriptionStatus: from.subscriptionStatus === null ? null : 'unpaid',
    }),
  },
  payment_succeeded: {
    TRIALING: to('STRIPE', 'active'),
    NEEDS_PAYMENT_METHOD: (from) => ({ state: billed(from), subscriptionStatus: 'active' }),
    BLOCKED: (from) => ({ state: billed(from), subscriptionStatus: 'active' }),
    STRIPE: to('STRIPE', 'active'),
    CHARGEBEE: to('CHARGEBEE', 'active'),
    MANUAL: to('STRIPE', 'active'),
  },
  payment_failed: {
    // a first purchase that fails changes nothing: the trial, grace or lock goes on
    TRIALING: stay,
    NEEDS_PAYMENT_METHOD: stay,
    BLOCKED: stay,
    STRIPE: to('NEEDS_PAYMENT_METHOD', 'past_due'),
    CHARGEBEE: to('NEEDS_PAYMENT_METHOD', 'past_due'),
  },
  payment_requires_action: {
    TRIALING: stay,
    NEEDS_PAYMENT_METHOD: stay,
    BLOCKED: stay,
    STRIPE: (from) => ({ state: from.state, subscriptionStatus: 'incomplete' }),
    CHARGEBEE: (from) => ({ state: from.state, subscriptionStatus: 'incomplete' }),
  },
  subscription_ended: {
    STRIPE: to('BLOCKED', 'canceled'),
    CHARGEBEE: to('BLOCKED', 'canceled'),
    MANUAL: to('BLOCKED', null),
    NEEDS_PAYMENT_METHOD: to('BLOCKED', 'canceled'),
  },
  switched_to_manual: {
    TRIALING: to('MANUAL', null),
    NEEDS_PAYMENT_METHOD: to('MANUAL', null),
    BLOCKED: to('MANUAL', null),
    STRIPE: to('MANUAL', null),
    CHARGEBEE: to('MANUAL', null),
  },
};

export type PaymentTransitionResult =
  { ok: true; next: PaymentSnapshot } | { ok: false; reason: 'invalid_transition' };

export function transitionPayment(from: PaymentSnapshot, event: PaymentEvent): PaymentTransitionResult {
  const rule = TRANSITIONS[event][from.state];
  const next = rule?.(from);
  return next ? { ok: true, next } : { ok: false, reason: 'invalid_transition' };
}

/**
 * What the business's people can still do (ADR 055). `full`: everything the plan allows.
 * `expired` (the trial ran out, or a renewal failed and the grace period runs): the admins
 * manage people and pay; nobody sends new requests; signing what others sent goes on.
 * `locked` (BLOCKED): the same as expired, and the members see the locked dialog.
 */
export type BusinessAccess = 'full' | 'expired' | 'locked';

export function accessFor(state: PaymentMethodState): BusinessAccess {
  if (state === 'BLOCKED') return 'locked';
  if (state === 'NEEDS_PAYMENT_METHOD') return 'expired';
  return 'full';
}

/** Sending new requests needs a business in good standing. */
export function canSendRequests(state: PaymentMethodState): boolean {
  return accessFor(state) === 'full';
}
