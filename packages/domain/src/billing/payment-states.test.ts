import { describe, expect, it } from 'vitest';
import { hasPaymentIssue, PAYMENT_METHOD_STATES, type PaymentMethodState } from '../payment.js';
import {
  accessFor,
  canSendRequests,
  PAYMENT_EVENTS,
  transitionPayment,
  type PaymentEvent,
  type PaymentSnapshot,
  type SubscriptionStatus,
} from './payment-states.js';

const at = (
  state: PaymentMethodState,
  subscriptionStatus: SubscriptionStatus | null = null,
): PaymentSnapshot => ({
  state,
  subscriptionStatus,
});

/** Every (state, event) pair and where it leads; `refused` where the machine says no. */
const table: [PaymentSnapshot, PaymentEvent, PaymentSnapshot | 'refused'][] = [
  [at('TRIALING'), 'trial_ended', at('NEEDS_PAYMENT_METHOD')],
  [at('TRIALING'), 'trial_canceled', at('NEEDS_PAYMENT_METHOD')],
  [at('TRIALING'), 'grace_ended', 'refused'],
  [at('TRIALING'), 'payment_succeeded', at('STRIPE', 'active')],
  [at('TRIALING'), 'payment_failed', at('TRIALING')],
  [at('TRIALING'), 'payment_requires_action', at('TRIALING')],
  [at('TRIALING'), 'subscription_ended', 'refused'],
  [at('TRIALING'), 'switched_to_manual', at('MANUAL')],

  [at('NEEDS_PAYMENT_METHOD'), 'trial_ended', 'refused'],
  [at('NEEDS_PAYMENT_METHOD'), 'trial_canceled', 'refused'],
  [at('NEEDS_PAYMENT_METHOD'), 'grace_ended', at('BLOCKED')],
  [at('NEEDS_PAYMENT_METHOD', 'past_due'), 'grace_ended', at('BLOCKED', 'unpaid')],
  [at('NEEDS_PAYMENT_METHOD'), 'payment_succeeded', at('STRIPE', 'active')],
  [at('NEEDS_PAYMENT_METHOD', 'past_due'), 'payment_failed', at('NEEDS_PAYMENT_METHOD', 'past_due')],
  [at('NEEDS_PAYMENT_METHOD'), 'payment_requires_action', at('NEEDS_PAYMENT_METHOD')],
  [at('NEEDS_PAYMENT_METHOD', 'past_due'), 'subscription_ended', at('BLOCKED', 'canceled')],
  [at('NEEDS_PAYMENT_METHOD'), 'switched_to_manual', at('MANUAL')],

  [at('BLOCKED'), 'trial_ended', 'refused'],
  [at('BLOCKED'), 'trial_canceled', 'refused'],
  [at('BLOCKED'), 'grace_ended', 'refused'],
  [at('BLOCKED', 'unpaid'), 'payment_succeeded', at('STRIPE', 'active')],
  [at('BLOCKED', 'unpaid'), 'payment_failed', at('BLOCKED', 'unpaid')],
  [at('BLOCKED', 'unpaid'), 'payment_requires_action', at('BLOCKED', 'unpaid')],
  [at('BLOCKED'), 'subscription_ended', 'refused'],
  [at('BLOCKED'), 'switched_to_manual', at('MANUAL')],

  [at('MANUAL'), 'trial_ended', 'refused'],
  [at('MANUAL'), 'trial_canceled', 'refused'],
  [at('MANUAL'), 'grace_ended', 'refused'],
  [at('MANUAL'), 'payment_succeeded', at('STRIPE', 'active')],
  [at('MANUAL'), 'payment_failed', 'refused'],
  [at('MANUAL'), 'payment_requires_action', 'refused'],
  [at('MANUAL'), 'subscription_ended', at('BLOCKED')],
  [at('MANUAL'), 'switched_to_manual', 'refused'],

  [at('STRIPE', 'active'), 'trial_ended', 'refused'],
  [at('STRIPE', 'active'), 'trial_canceled', 'refused'],
  [at('STRIPE', 'active'), 'grace_ended', 'refused'],
  [at('STRIPE', 'incomplete'), 'payment_succeeded', at('STRIPE', 'active')],
  [at('STRIPE', 'active'), 'payment_failed', at('NEEDS_PAYMENT_METHOD', 'past_due')],
  [at('STRIPE', 'active'), 'payment_requires_action', at('STRIPE', 'incomplete')],
  [at('STRIPE', 'active'), 'subscription_ended', at('BLOCKED', 'canceled')],
  [at('STRIPE', 'active'), 'switched_to_manual', at('MANUAL')],

  [at('CHARGEBEE', 'active'), 'trial_ended', 'refused'],
  [at('CHARGEBEE', 'active'), 'trial_canceled', 'refused'],
  [at('CHARGEBEE', 'active'), 'grace_ended', 'refused'],
  [at('CHARGEBEE', 'incomplete'), 'payment_succeeded', at('CHARGEBEE', 'active')],
  [at('CHARGEBEE', 'active'), 'payment_failed', at('NEEDS_PAYMENT_METHOD', 'past_due')],
  [at('CHARGEBEE', 'active'), 'payment_requires_action', at('CHARGEBEE', 'incomplete')],
  [at('CHARGEBEE', 'active'), 'subscription_ended', at('BLOCKED', 'canceled')],
  [at('CHARGEBEE', 'active'), 'switched_to_manual', at('MANUAL')],
];

describe('the payment-state machine (spec 4)', () => {
  it('has a row for every state and event', () => {
    for (const state of PAYMENT_METHOD_STATES) {
      for (const event of PAYMENT_EVENTS) {
        expect(
          table.some(([from, e]) => from.state === state && e === event),
          `${state} ${event}`,
        ).toBe(true);
      }
    }
  });

  it.each(table)('%o on %s', (from, event, expected) => {
    const result = transitionPayment(from, event);
    if (expected === 'refused') expect(result).toEqual({ ok: false, reason: 'invalid_transition' });
    else expect(result).toEqual({ ok: true, next: expected });
  });

  it('a renewal that fails and is then paid walks STRIPE -> NEEDS_PAYMENT_METHOD -> BLOCKED -> STRIPE', () => {
    let snapshot = at('STRIPE', 'active');
    const seen: string[] = [];
    for (const event of ['payment_failed', 'grace_ended', 'payment_succeeded'] as const) {
      const result = transitionPayment(snapshot, event);
      if (!result.ok) throw new Error(event);
      snapshot = result.next;
      seen.push(`${snapshot.state}/${snapshot.subscriptionStatus}`);
    }
    expect(seen).toEqual(['NEEDS_PAYMENT_METHOD/past_due', 'BLOCKED/unpaid', 'STRIPE/active']);
  });

  it('says a payment issue exactly where the spec rule does: past due, unpaid, incomplete, cancelled', () => {
    expect(hasPaymentIssue(at('STRIPE', 'active').subscriptionStatus)).toBe(false);
    expect(hasPaymentIssue(at('TRIALING').subscriptionStatus)).toBe(false);
    for (const status of ['past_due', 'unpaid', 'incomplete', 'canceled'] as const) {
      expect(hasPaymentIssue(status)).toBe(true);
    }
    expect(hasPaymentIssue('incomplete_expired')).toBe(false);
  });

  it('locks BLOCKED, expires NEEDS_PAYMENT_METHOD, and only a business in good standing sends', () => {
    expect(PAYMENT_METHOD_STATES.map((state) => [state, accessFor(state), canSendRequests(state)])).toEqual([
      ['TRIALING', 'full', true],
      ['NEEDS_PAYMENT_METHOD', 'expired', false],
      ['BLOCKED', 'locked', false],
      ['MANUAL', 'full', true],
      ['STRIPE', 'full', true],
      ['CHARGEBEE', 'full', true],
    ]);
  });
});
