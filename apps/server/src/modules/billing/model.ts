// A subscription as billing keeps it, and the charges it asks the payment provider to collect.
import type {
  BillingCycle,
  Currency,
  PaymentMethodState,
  PlanId,
  SubscriptionStatus,
} from '@countersign/domain';

export interface BillingAddress {
  address1: string;
  address2: string;
  city: string;
  country: string;
  postalCode: string;
  vat: string;
}

export interface SubscriptionRecord extends BillingAddress {
  id: string;
  businessId: string | null;
  userId: string | null;
  plan: PlanId;
  cycle: BillingCycle | null;
  currency: Currency;
  seats: number;
  periodStart: string | null;
  periodEnd: string | null;
  nextPlan: PlanId | 'CANCELED' | null;
  trialEndsAt: string | null;
  graceEndsAt: string | null;
  paymentState: PaymentMethodState;
  subscriptionStatus: SubscriptionStatus | null;
  customerId: string | null;
  referralCode: string | null;
  promoCode: string | null;
  /** the subscription whose referral code discounted a charge of this one: once only (ADR 063) */
  referredBy: string | null;
  createdAt: string;
  /** the version (`timestamp` on the wire): strictly increasing, compare-and-set on every write */
  updatedAt: string;
}

/** What a charge pays for: applied to the subscription once the provider collected it. */
export interface ChargeTerms {
  plan: PlanId;
  cycle: BillingCycle;
  currency: Currency;
  seats: number;
  periodStart: string;
  periodEnd: string;
  promoCode: string | null;
  /** the subscription whose referral code discounts this charge (absent in charges made before) */
  referredBy?: string | null;
}

export interface ChargeRecord {
  id: string;
  subscriptionId: string;
  kind: 'upgrade' | 'seats' | 'renewal';
  terms: ChargeTerms;
  amountMinor: number;
  taxMinor: number;
  currency: Currency;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  paymentId: string | null;
  actionUrl: string | null;
  failureCode: string | null;
  basedOn: string;
  createdAt: string;
  settledAt: string | null;
}
