// Billing answers shaped by the contract, for the billing pages' component tests.
import type { Preview, PricePlan } from '@countersign/contract';
import type { PlanOffers, Usage } from '../features/billing/billing-api.js';

export function makePricePlan(overrides: Partial<PricePlan> = {}): PricePlan {
  return {
    name: 'PRO_V1',
    plan: 'pro',
    cycle: 'yearly',
    currency: 'EUR',
    seats: 5,
    licenses: {
      idents: {
        eidas: { payForMembers: true, payForInvitations: false },
        zertes: { payForMembers: false, payForInvitations: false },
      },
    },
    current: {
      base: { type: 'pro', startAt: '2026-01-01T00:00:00.000Z', endAt: '2027-01-01T00:00:00.000Z' },
    },
    next: null,
    discounts: [],
    trialEndsAt: null,
    paymentState: 'STRIPE',
    subscriptionStatus: 'active',
    paymentIssue: false,
    timestamp: 'v1',
    ...overrides,
  };
}

export function makeUsage(overrides: Partial<Usage['seats']> = {}): Usage {
  return {
    periodStart: '2026-11-01T00:00:00.000Z',
    periodEnd: '2026-12-01T00:00:00.000Z',
    signatures: {
      ses: { used: 12, limit: null },
      aes: { used: 3, limit: 50 },
      qes: { used: 0, limit: 10 },
    },
    seats: { purchased: 5, people: 3, pendingInvitations: 1, ...overrides },
  };
}

export function makePreview(overrides: Partial<Preview> = {}): Preview {
  return {
    plan: 'pro',
    cycle: 'yearly',
    currency: 'EUR',
    seats: 7,
    subtotalMinor: 33_600,
    creditMinor: 0,
    discountMinor: 0,
    taxMinor: 0,
    taxRateBasisPoints: 0,
    reverseCharge: false,
    totalMinor: 33_600,
    periodStart: '2026-11-24T00:00:00.000Z',
    periodEnd: '2027-01-01T00:00:00.000Z',
    nextInvoiceAt: '2027-01-01T00:00:00.000Z',
    recurringMinor: 235_200,
    promoCode: null,
    ...overrides,
  };
}

const licences = makePricePlan().licenses;
const offer = (
  id: PlanOffers['plans'][number]['id'],
  monthlyEur: number,
  business: boolean,
): PlanOffers['plans'][number] => ({
  id,
  name: id.toUpperCase(),
  purchasable: true,
  business,
  seats: { min: 1, max: business ? 50 : 1 },
  prices: [
    { cycle: 'monthly', currency: 'EUR', amountMinor: monthlyEur },
    { cycle: 'yearly', currency: 'EUR', amountMinor: monthlyEur * 12 * 0.8 },
    { cycle: 'monthly', currency: 'CHF', amountMinor: monthlyEur + 100 },
    { cycle: 'yearly', currency: 'CHF', amountMinor: (monthlyEur + 100) * 12 * 0.8 },
  ],
  signaturesPerSeat: { ses: null, aes: 20, qes: 5 },
  licenses: licences,
  canUpload: true,
});

export const planOffers: PlanOffers = {
  currency: 'EUR',
  platform: 'CH',
  plans: [
    offer('individual', 1_500, false),
    offer('team', 2_000, true),
    offer('pro', 3_500, true),
    offer('scale', 5_500, true),
  ],
};
