import { describe, expect, it } from 'vitest';
import { makePricePlan } from '../../test/billing-fixtures.js';
import { describePlanStatus, listPlanActions } from './plan-status.js';

const canceled = { base: { type: 'CANCELED', startAt: null, endAt: null } };

describe('what the plan page says and offers', () => {
  it('names each payment state, the cancellation and the payment issue (spec 4)', () => {
    expect(
      describePlanStatus(makePricePlan({ plan: 'trial', paymentState: 'TRIALING', trialEndsAt: 'x' })),
    ).toEqual({
      kind: 'trialing',
      until: 'x',
    });
    expect(describePlanStatus(makePricePlan({ paymentState: 'NEEDS_PAYMENT_METHOD' })).kind).toBe(
      'trial-ended',
    );
    expect(describePlanStatus(makePricePlan({ paymentState: 'BLOCKED' })).kind).toBe('locked');
    expect(describePlanStatus(makePricePlan({ next: canceled })).kind).toBe('cancelling');
    expect(describePlanStatus(makePricePlan({ current: canceled, next: canceled })).kind).toBe('cancelled');
    expect(
      describePlanStatus(makePricePlan({ paymentIssue: true, subscriptionStatus: 'past_due' })).kind,
    ).toBe('payment-issue');
    expect(describePlanStatus(makePricePlan({ paymentState: 'MANUAL' })).kind).toBe('manual');
    expect(describePlanStatus(makePricePlan())).toEqual({ kind: 'renews', on: '2027-01-01T00:00:00.000Z' });
  });

  it('offers what fits: a plan to choose, seats and cancelling while paid, revoking while cancelling', () => {
    expect(listPlanActions(makePricePlan({ plan: 'trial', paymentState: 'TRIALING' }))).toEqual({
      upgrade: 'choose',
      seats: false,
      cancel: false,
      revokeCancel: false,
      endTrial: true,
    });
    expect(listPlanActions(makePricePlan())).toEqual({
      upgrade: 'change',
      seats: true,
      cancel: true,
      revokeCancel: false,
      endTrial: false,
    });
    expect(listPlanActions(makePricePlan({ next: canceled }))).toMatchObject({
      cancel: false,
      revokeCancel: true,
    });
    expect(listPlanActions(makePricePlan({ paymentState: 'BLOCKED' }))).toMatchObject({
      upgrade: 'choose',
      seats: false,
    });
    // invoiced by hand: seats change, cancelling goes through the people who invoice
    expect(listPlanActions(makePricePlan({ paymentState: 'MANUAL' }))).toMatchObject({
      seats: true,
      cancel: false,
    });
    expect(listPlanActions(makePricePlan({ plan: 'enterprise' })).upgrade).toBeNull();
  });
});
