import { describe, expect, it } from 'vitest';
import {
  hasPaymentIssue,
  isBusinessLocked,
  isPaymentMethodState,
  isTrialExpired,
  PAYMENT_METHOD_STATES,
} from './payment.js';

describe('payment-method states (spec 4)', () => {
  it('lists exactly the six states of the spec', () => {
    expect(PAYMENT_METHOD_STATES).toEqual([
      'TRIALING',
      'NEEDS_PAYMENT_METHOD',
      'BLOCKED',
      'MANUAL',
      'STRIPE',
      'CHARGEBEE',
    ]);
    expect(isPaymentMethodState('STRIPE')).toBe(true);
    expect(isPaymentMethodState('stripe')).toBe(false);
    expect(isPaymentMethodState(undefined)).toBe(false);
  });

  it('reads NEEDS_PAYMENT_METHOD as an expired trial and BLOCKED as locked, nothing else', () => {
    for (const state of PAYMENT_METHOD_STATES) {
      expect(isTrialExpired(state)).toBe(state === 'NEEDS_PAYMENT_METHOD');
      expect(isBusinessLocked(state)).toBe(state === 'BLOCKED');
    }
  });
});

describe('hasPaymentIssue (spec 4)', () => {
  it('is false for active and incomplete_expired', () => {
    expect(hasPaymentIssue('active')).toBe(false);
    expect(hasPaymentIssue('incomplete_expired')).toBe(false);
  });

  it('is true for every other subscription status', () => {
    for (const status of ['past_due', 'unpaid', 'incomplete', 'canceled', 'trialing', 'paused', 'ACTIVE']) {
      expect(hasPaymentIssue(status), status).toBe(true);
    }
  });

  it('is false when there is no subscription status at all', () => {
    expect(hasPaymentIssue(null)).toBe(false);
    expect(hasPaymentIssue(undefined)).toBe(false);
    expect(hasPaymentIssue('')).toBe(false);
  });
});
