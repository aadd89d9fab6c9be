// Plans, billing and seats (spec 7 "Plans and payment", and the billing calls of spec 7 Business):
// price plans, the billing address, usage, seats and upgrades with previews, promo and referral
// codes, saving a card (setup intents), the customer portal, cancelling a trial or a subscription,
// and an individual's own plan. Money is integers in minor units beside its currency; every
// preview answers exactly what the matching change charges at that moment.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  ZBillingCycle,
  ZBusinessBilling,
  ZCurrency,
  ZDiscount,
  ZLicences,
  ZPlanId,
  ZPricePlan,
} from './price-plan.js';

const tags = ['Billing'];
const ZId = z.string().min(1).max(64);
const ZBusinessParams = z.object({ id: ZId });

const ZCountry = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);
const ZPromoCodeText = z.string().trim().min(1).max(64);
/** Seats bought: a whole number; the plan's limits are checked by the call (422 billing.seats_out_of_range). */
const ZSeats = z.number().int().min(1).max(100_000);

const ZSignatureCounts = z.object({
  ses: z.number().int().nullable(),
  aes: z.number().int().nullable(),
  qes: z.number().int().nullable(),
});

export const ZPlanOffer = z.object({
  id: ZPlanId,
  /** the plan's name as `pricePlan.name` carries it (spec 4) */
  name: z.string(),
  purchasable: z.boolean(),
  /** business plans have seats; the individual plan has one person */
  business: z.boolean(),
  seats: z.object({ min: z.number().int(), max: z.number().int().nullable() }),
  /** price per seat and period, in minor units, for each cycle and currency */
  prices: z.array(z.object({ cycle: ZBillingCycle, currency: ZCurrency, amountMinor: z.number().int() })),
  /** signatures per seat and month by level; null is no limit */
  signaturesPerSeat: ZSignatureCounts,
  licenses: ZLicences,
  canUpload: z.boolean(),
});

/** What a change costs now, as the change itself will charge it. */
export const ZPreview = z.object({
  plan: ZPlanId,
  cycle: ZBillingCycle,
  currency: ZCurrency,
  seats: z.number().int(),
  /** the new terms for the days left (or a new period), before credit, discount and tax */
  subtotalMinor: z.number().int(),
  /** the unused part of the current period set against it */
  creditMinor: z.number().int(),
  discountMinor: z.number().int(),
  taxMinor: z.number().int(),
  /** VAT rate in basis points (810 is 8.1 %) */
  taxRateBasisPoints: z.number().int(),
  reverseCharge: z.boolean(),
  /** what is charged now: subtotal - credit - discount + tax */
  totalMinor: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  nextInvoiceAt: z.string(),
  /** what each following period costs before tax */
  recurringMinor: z.number().int(),
  promoCode: z.string().nullable(),
});
export type Preview = z.infer<typeof ZPreview>;

/**
 * The outcome of a change that charges. `succeeded`: done. `requires_action`: the bank asks for a
 * 3-D Secure step at `actionUrl`; the change is made once it is approved. A declined card is a
 * 402 billing.payment_declined and changes nothing.
 */
export const ZChargeOutcome = z.object({
  status: z.enum(['succeeded', 'requires_action']),
  actionUrl: z.string().nullable(),
  /** what was (or will be, after the 3-D Secure step) charged */
  charged: ZPreview,
  pricePlan: ZPricePlan,
});

export const ZSetupIntent = z.object({
  setupIntentId: z.string(),
  clientSecret: z.string(),
  /** the provider's own card page to send the browser to (the sandbox's), or null for Stripe.js */
  redirectUrl: z.string().nullable(),
});

const ZUsageLine = z.object({ used: z.number().int(), limit: z.number().int().nullable() });
export const ZUsage = z.object({
  periodStart: z.string(),
  periodEnd: z.string(),
  signatures: z.object({ ses: ZUsageLine, aes: ZUsageLine, qes: ZUsageLine }),
  seats: z.object({
    purchased: z.number().int(),
    /** admins and members */
    people: z.number().int(),
    /** invitations not answered yet hold a seat each */
    pendingInvitations: z.number().int(),
  }),
});

const ZUpgradeBody = z.strictObject({
  plan: ZPlanId,
  cycle: ZBillingCycle,
  amountSeats: ZSeats.default(1),
  currency: ZCurrency.optional(),
  promoCode: ZPromoCodeText.optional(),
  referralCode: z.string().trim().min(1).max(64).optional(),
});
const ZDirectUpgradeBody = ZUpgradeBody.omit({ amountSeats: true });
const ZRedirect = z.object({ redirectUrl: z.string() });
const ZSetupIntentBody = z.strictObject({ country: ZCountry });
/** The pages of the web app a business's card page may lead back to: where the card was asked for. */
export const ZCardReturnPath = z.enum(['/business/billing/plan', '/business/upgrade']);
export type CardReturnPath = z.infer<typeof ZCardReturnPath>;
const ZBusinessSetupIntentBody = ZSetupIntentBody.extend({
  /** the checkout that asked for the card continues there; the plan page by default */
  returnTo: ZCardReturnPath.optional(),
});
const ZBaseBody = z.strictObject({
  /** CANCELED cancels at the end of the period; the current plan revokes that (or a downgrade) */
  type: z.union([ZPlanId, z.literal('CANCELED')]),
});

const upgradeProblems = [
  'business.not_found',
  'business.forbidden',
  'billing.plan_not_purchasable',
  'billing.seats_out_of_range',
  'billing.not_an_upgrade',
  'billing.promo_not_found',
  'billing.promo_expired',
  'billing.promo_used_up',
  'billing.promo_not_applicable',
  'billing.referral_not_found',
  'billing.referral_used',
  'billing.referral_own',
  'billing.currency_not_offered',
  // unknown promo and referral codes are guesses: 10 per account and 30 per IP an hour
  'rate_limit.exceeded',
] as const;
const chargeProblems = [
  'billing.payment_method_required',
  'billing.payment_declined',
  'billing.payment_pending',
] as const;

export const listPricePlans = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/price_plans',
  summary: 'Every plan with its prices per cycle and currency, its limits and what it allows',
  description:
    'Public. Prices are in the currency of the platform (CHF on the CH platform, EUR on the EU platform), the one every preview, charge and invoice uses, whatever the locale (ADR 055).',
  tags,
  auth: 'none',
  response: z.object({ currency: ZCurrency, platform: z.enum(['CH', 'EU']), plans: z.array(ZPlanOffer) }),
});

export const updateBusinessBilling = defineEndpoint({
  method: 'PUT',
  path: '/v2/businesses/{id}/billing',
  summary: 'Set the billing address, VAT number (checked by the format of the country) and currency',
  description:
    'Admins only. The currency is the platform’s: another one is refused (422 billing.currency_not_offered). An empty `vat` removes it.',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: z.strictObject({
    address1: z.string().trim().min(1).max(200),
    address2: z.string().trim().max(200).default(''),
    city: z.string().trim().min(1).max(100),
    country: ZCountry,
    postalCode: z.string().trim().min(1).max(20),
    vat: z.string().trim().max(40).default(''),
    currency: ZCurrency.optional(),
  }),
  response: ZBusinessBilling,
  problems: [
    'business.not_found',
    'business.forbidden',
    'billing.vat_invalid',
    'billing.currency_not_offered',
  ],
});

export const getBusinessBilling = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/billing',
  summary: 'The billing address, VAT number, currency, payment state and saved card',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: ZBusinessBilling,
  problems: ['business.not_found', 'business.forbidden'],
});

export const getBusinessPricePlan = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/price_plan',
  summary: "The business's plan: current and next period, seats, discounts, payment state",
  description: 'Admins and members (members see whether the business is locked).',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: ZPricePlan,
  problems: ['business.not_found'],
});

export const updateBusinessBase = defineEndpoint({
  method: 'PUT',
  path: '/v2/businesses/{id}/base',
  summary:
    "Set the next period's base plan: CANCELED cancels the subscription, the current plan revokes that",
  description:
    'Cancelling takes effect when the period ends and can be revoked until then by sending the current plan. A lower plan is a downgrade at the end of the period.',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: ZBaseBody,
  response: ZPricePlan,
  problems: [
    'business.not_found',
    'business.forbidden',
    'billing.no_subscription',
    'billing.plan_not_purchasable',
  ],
});

export const getBusinessCustomExtras = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/customextras',
  summary: 'What the plan adds: identification licences and seats',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: z.object({
    licenses: ZLicences,
    seats: z.object({ purchased: z.number().int(), min: z.number().int(), max: z.number().int().nullable() }),
    signaturesPerSeat: ZSignatureCounts,
  }),
  problems: ['business.not_found', 'business.forbidden'],
});

export const getSubscriptionUsage = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/subscriptions/usage',
  summary: "Signatures used this month by level against the plan's allowance, and seats taken",
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: ZUsage,
  problems: ['business.not_found', 'business.forbidden'],
});

export const updateSeats = defineEndpoint({
  method: 'PUT',
  path: '/v2/businesses/{id}/subscriptions/seats',
  summary: 'Change the seats; more seats are charged for the days left, as the preview said',
  description:
    'Send the `timestamp` of the price plan you saw: when the subscription changed since, the call is refused with 409 billing.stale_timestamp and nothing changes. Fewer seats than people and open invitations is a 409 billing.seats_below_people.',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: z.strictObject({ seats: ZSeats, timestamp: z.string().min(1).max(64) }),
  response: ZChargeOutcome,
  problems: [
    'business.not_found',
    'business.forbidden',
    'billing.stale_timestamp',
    'billing.seats_out_of_range',
    'billing.seats_below_people',
    'billing.no_subscription',
    ...chargeProblems,
  ],
});

export const previewSeats = defineEndpoint({
  method: 'POST',
  path: '/v2/businesses/{id}/subscriptions/seats/preview',
  summary: 'What changing the seats would charge now',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: z.strictObject({ seats: ZSeats }),
  response: ZPreview,
  problems: [
    'business.not_found',
    'business.forbidden',
    'billing.seats_out_of_range',
    'billing.no_subscription',
  ],
});

export const upgradeSubscription = defineEndpoint({
  method: 'PUT',
  path: '/v2/businesses/{id}/subscriptions/upgrade',
  summary: 'Buy a plan or move up: charges the saved card what the preview said',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: ZUpgradeBody,
  response: ZChargeOutcome,
  problems: [...upgradeProblems, 'billing.address_required', ...chargeProblems],
});

export const previewUpgrade = defineEndpoint({
  method: 'POST',
  path: '/v2/businesses/{id}/subscriptions/upgrade/preview',
  summary: 'What an upgrade would charge now: prorated amounts, discount, taxes and the next invoice date',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: ZUpgradeBody,
  response: ZPreview,
  problems: upgradeProblems,
});

export const createBusinessSetupIntent = defineEndpoint({
  method: 'POST',
  path: '/v2/businesses/{id}/subscriptions/stripe_setup_intent',
  summary: "Start saving a card for the business's payments",
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: ZBusinessSetupIntentBody,
  response: ZSetupIntent,
  problems: ['business.not_found', 'business.forbidden'],
});

export const validatePromoCode = defineEndpoint({
  method: 'POST',
  path: '/v2/businesses/{id}/subscriptions/coupons/validate_promo',
  summary: 'Whether a promo code applies to a plan and cycle, and what it takes off',
  description:
    'An unknown code is 422 billing.promo_not_found; an expired one billing.promo_expired; one whose uses are all taken billing.promo_used_up; one for other plans, cycles or currencies billing.promo_not_applicable. Unknown codes are guesses: after 10 per account or 30 per IP in an hour, 429 rate_limit.exceeded until the hour ends.',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: z.strictObject({
    promoCode: ZPromoCodeText,
    plan: ZPlanId,
    cycle: ZBillingCycle,
    /** whose purchase: a business's, or an individual's */
    type: z.enum(['business', 'individual']).default('business'),
  }),
  response: ZDiscount,
  problems: [
    'business.not_found',
    'business.forbidden',
    'billing.promo_not_found',
    'billing.promo_expired',
    'billing.promo_used_up',
    'billing.promo_not_applicable',
    'rate_limit.exceeded',
  ],
});

export const getReferralCode = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/subscriptions/coupons/referral_code',
  summary: "The business's referral code: a customer who buys with it gets 10 % off the first charge",
  tags,
  auth: 'session',
  params: ZBusinessParams,
  description:
    'Only while the business takes part in the referral programme (its setting `affiliate.enabled`); otherwise 409 billing.referral_programme_off, and a code handed out before refers nobody.',
  response: z.object({ referralCode: z.string() }),
  problems: ['business.not_found', 'business.forbidden', 'billing.referral_programme_off'],
});

export const cancelTrial = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/cancel-trial',
  summary: 'End the trial now: the business needs a paid plan from then on',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: ZPricePlan,
  problems: ['business.not_found', 'business.forbidden', 'billing.not_trialing'],
});

export const createCustomerPortalSession = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/stripe/cpsession',
  summary: "A session in the payment provider's customer portal (cards, receipts)",
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: ZRedirect,
  problems: ['business.not_found', 'business.forbidden', 'billing.payment_method_required'],
});

export const createChargebeePortalSession = defineEndpoint({
  method: 'POST',
  path: '/v2/businesses/{id}/chargebee/portal_session',
  summary:
    'The customer portal for businesses billed through Chargebee before; the same portal as Stripe now',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: ZRedirect,
  problems: ['business.not_found', 'business.forbidden', 'billing.payment_method_required'],
});

export const previewDirectUpgrade = defineEndpoint({
  method: 'POST',
  path: '/v2/businesses/direct_upgrade/preview',
  summary: 'What buying the individual plan would charge now',
  tags,
  auth: 'session',
  body: ZDirectUpgradeBody,
  response: ZPreview,
  problems: [
    ...upgradeProblems.filter((code) => !code.startsWith('business.')),
    'billing.member_of_business',
  ],
});

export const createDirectSetupIntent = defineEndpoint({
  method: 'POST',
  path: '/v2/businesses/direct_upgrade/stripe_setup_intent',
  summary: "Start saving a card for an individual's payments",
  tags,
  auth: 'session',
  body: ZSetupIntentBody,
  response: ZSetupIntent,
  problems: ['billing.member_of_business'],
});

export const confirmDirectUpgrade = defineEndpoint({
  method: 'POST',
  path: '/v2/businesses/direct_upgrade/confirm',
  summary: 'An individual buys the individual plan with the saved card',
  tags,
  auth: 'session',
  body: ZDirectUpgradeBody,
  response: ZChargeOutcome,
  problems: [
    ...upgradeProblems.filter((code) => !code.startsWith('business.')),
    'billing.member_of_business',
    ...chargeProblems,
  ],
});

export const getUserPricePlan = defineEndpoint({
  method: 'GET',
  path: '/v2/user/price_plan',
  summary: "The caller's own plan (an individual's), its payment state and this month's usage",
  tags,
  auth: 'session',
  response: z.object({
    pricePlan: ZPricePlan.nullable(),
    freeAccountType: z.enum(['free_v1', 'free_migrated', 'free_legacy']).nullable(),
    usage: ZUsage.omit({ seats: true }),
    canUpload: z.boolean(),
  }),
});

export const updateUserBase = defineEndpoint({
  method: 'PUT',
  path: '/v2/user/price_plan/base',
  summary: "Cancel the caller's own plan at the end of the period (CANCELED), or revoke that (individual)",
  tags,
  auth: 'session',
  body: ZBaseBody,
  response: ZPricePlan,
  problems: ['billing.no_subscription', 'billing.plan_not_purchasable'],
});

export const billingEndpoints = {
  listPricePlans,
  getBusinessBilling,
  updateBusinessBilling,
  getBusinessPricePlan,
  updateBusinessBase,
  getBusinessCustomExtras,
  getSubscriptionUsage,
  updateSeats,
  previewSeats,
  upgradeSubscription,
  previewUpgrade,
  createBusinessSetupIntent,
  validatePromoCode,
  getReferralCode,
  cancelTrial,
  createCustomerPortalSession,
  createChargebeePortalSession,
  previewDirectUpgrade,
  createDirectSetupIntent,
  confirmDirectUpgrade,
  getUserPricePlan,
  updateUserBase,
};
