// The plan and billing records a business carries (spec 3 Business.pricePlan, billing, stripe),
// on their own so that the business and user payloads name them without bringing every billing
// call's schemas along (a contract module comes whole).
import { z } from 'zod';

export const ZPlanId = z.enum(['individual', 'team', 'pro', 'scale', 'enterprise', 'trial', 'free_legacy']);
/** The plans a customer can buy here; enterprise is agreed by contract. */
export const ZPurchasablePlan = z.enum(['individual', 'team', 'pro', 'scale']);
export const ZBillingCycle = z.enum(['monthly', 'yearly']);
export const ZCurrency = z.enum(['EUR', 'CHF']);
export const ZPaymentMethodState = z.enum([
  'TRIALING',
  'NEEDS_PAYMENT_METHOD',
  'BLOCKED',
  'MANUAL',
  'STRIPE',
  'CHARGEBEE',
]);
export const ZSubscriptionStatus = z.enum([
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
]);

const ZIdentLicence = z.object({ payForMembers: z.boolean(), payForInvitations: z.boolean() });
/** Spec 3 `pricePlan.licenses`: who the business pays identification for, per legislation. */
export const ZLicences = z.object({ idents: z.object({ eidas: ZIdentLicence, zertes: ZIdentLicence }) });

const ZBase = z.object({
  /** a plan id, or CANCELED (spec 4: current CANCELED is cancelled, next CANCELED is cancelling) */
  type: z.string(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
});

export const ZDiscount = z.object({
  promoCode: z.string(),
  /** percent or amount */
  type: z.enum(['percent', 'amount']),
  /** basis points for percent (2000 is 20 %), minor units for amount */
  value: z.number().int(),
  status: z.enum(['ACTIVE', 'USED_UP']),
  expiresAt: z.string().nullable(),
});

/** Spec 3 `Business.pricePlan`, and an individual's plan. */
export const ZPricePlan = z.object({
  /** the plan's name (spec 4 naming rules) */
  name: z.string(),
  plan: ZPlanId,
  cycle: ZBillingCycle.nullable(),
  currency: ZCurrency,
  seats: z.number().int(),
  licenses: ZLicences,
  current: z.object({ base: ZBase }),
  /** what the next period will be; null when it renews as it is */
  next: z.object({ base: ZBase }).nullable(),
  discounts: z.array(ZDiscount),
  trialEndsAt: z.string().nullable(),
  paymentState: ZPaymentMethodState,
  subscriptionStatus: ZSubscriptionStatus.nullable(),
  /** true while the state's payment-issue rule holds (spec 4) */
  paymentIssue: z.boolean(),
  /** the subscription's version: send it back with a seat change (a stale one is a 409) */
  timestamp: z.string(),
});
export type PricePlan = z.infer<typeof ZPricePlan>;

/** Spec 3 `Business.billing`. */
export const ZBusinessBilling = z.object({
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  country: z.string(),
  postalCode: z.string(),
  /** the VAT number as checked, without separators; empty when none */
  vat: z.string(),
  currency: ZCurrency,
  paymentMethod: ZPaymentMethodState,
  stripeSubscriptionStatus: ZSubscriptionStatus.nullable(),
  /** the saved card, once a setup intent succeeded */
  card: z
    .object({ brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() })
    .nullable(),
});
export type BusinessBilling = z.infer<typeof ZBusinessBilling>;

/** Spec 3 `Business.stripe`. */
export const ZStripeInfo = z.object({
  /** where the customer portal opens (GET .../stripe/cpsession makes a session there) */
  customerPortalUrl: z.string().nullable(),
  subscriptionErrorCode: z.string().nullable(),
  subscriptionStatus: ZSubscriptionStatus.nullable(),
});
export type StripeInfo = z.infer<typeof ZStripeInfo>;
