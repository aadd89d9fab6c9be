// Tables of the billing module (see db/migrations/025-billing.ts).

export interface BillingSubscriptionsTable {
  id: string;
  business_id: string | null;
  user_id: string | null;
  plan: string;
  cycle: string | null;
  currency: string;
  seats: number;
  period_start: string | null;
  period_end: string | null;
  next_plan: string | null;
  trial_ends_at: string | null;
  grace_ends_at: string | null;
  payment_state: string;
  subscription_status: string | null;
  customer_id: string | null;
  address1: string;
  address2: string;
  city: string;
  country: string;
  postal_code: string;
  vat: string;
  referral_code: string | null;
  /** the promo code redeemed with the current plan, shown as its discount */
  promo_code: string | null;
  /** db/migrations/035: the subscription whose referral code discounted a paid charge */
  referred_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface BillingPromoCodesTable {
  code: string;
  discount_type: 'percent' | 'amount';
  discount_value: number;
  discount_currency: string | null;
  plans: string | null;
  cycles: string | null;
  max_redemptions: number | null;
  redemptions: number;
  expires_at: string | null;
  created_at: string;
}

export interface BillingPromoRedemptionsTable {
  code: string;
  subscription_id: string;
  charge_id: string;
  redeemed_at: string;
}

export interface BillingChargesTable {
  id: string;
  subscription_id: string;
  kind: 'upgrade' | 'seats' | 'renewal';
  terms: string;
  amount_minor: number;
  tax_minor: number;
  currency: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  payment_id: string | null;
  action_url: string | null;
  failure_code: string | null;
  based_on: string;
  created_at: string;
  settled_at: string | null;
}

export interface BillingUsageTable {
  subject: string;
  month: string;
  level: string;
  used: number;
}

export interface BillingTables {
  billing_subscriptions: BillingSubscriptionsTable;
  billing_promo_codes: BillingPromoCodesTable;
  billing_promo_redemptions: BillingPromoRedemptionsTable;
  billing_charges: BillingChargesTable;
  billing_usage: BillingUsageTable;
}
