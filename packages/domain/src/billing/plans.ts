// The plans a person or a business can be on, their billing cycles, and the names the plans carry
// on invoices and in `pricePlan.name` (spec 1 and 4). The naming rules themselves (which name is
// which kind) are `classifyPlan` in ../plans.ts; the names chosen here satisfy them.

/** Spec 1: the plans, and the legacy free plan id. */
export const PLAN_IDS = ['individual', 'team', 'pro', 'scale', 'enterprise', 'trial', 'free_legacy'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The plans a customer can buy in the product (enterprise is agreed by contract, the rest are free). */
export const PURCHASABLE_PLANS = ['individual', 'team', 'pro', 'scale'] as const;
export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number];

/** The plans of a business (they have seats); individual is a person's own plan. */
export const BUSINESS_PLANS = ['team', 'pro', 'scale', 'enterprise', 'trial'] as const;

/** Spec 3: the free account types a user's `freeAccountType` names. free_v1 is the new free plan. */
export const FREE_ACCOUNT_TYPES = ['free_v1', 'free_migrated', 'free_legacy'] as const;
export type FreeAccountType = (typeof FREE_ACCOUNT_TYPES)[number];

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

/** What a subscription or an account is on: a plan, or one of the free account types. */
export type Entitled = PlanId | FreeAccountType;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function isPurchasablePlan(value: unknown): value is PurchasablePlan {
  return typeof value === 'string' && (PURCHASABLE_PLANS as readonly string[]).includes(value);
}

export function isBusinessPlan(plan: PlanId): boolean {
  return (BUSINESS_PLANS as readonly string[]).includes(plan);
}

export function isFreeAccountType(value: unknown): value is FreeAccountType {
  return typeof value === 'string' && (FREE_ACCOUNT_TYPES as readonly string[]).includes(value);
}

/**
 * The plan's name as `pricePlan.name` carries it. Spec 4 classifies names: TRIAL* trial,
 * INDIVIDUAL* individual, PRO_V1, SCALE, ent* enterprise. The team plan has no rule in the spec;
 * it is named TEAM and classified by that prefix.
 */
export function planName(plan: PlanId, cycle: BillingCycle | null): string {
  switch (plan) {
    case 'trial':
      return 'TRIAL';
    case 'individual':
      return cycle === 'yearly' ? 'INDIVIDUAL_YEARLY' : 'INDIVIDUAL_MONTHLY';
    case 'team':
      return 'TEAM';
    case 'pro':
      return 'PRO_V1';
    case 'scale':
      return 'SCALE';
    case 'enterprise':
      return 'enterprise';
    case 'free_legacy':
      return 'free_legacy';
  }
}

/** How long a trial lasts, in days, from the business's registration. */
export const TRIAL_DAYS = 14;

/**
 * Days a business keeps working after its trial ran out or a renewal failed, without a payment
 * method that pays (NEEDS_PAYMENT_METHOD), before it is locked (BLOCKED).
 */
export const GRACE_DAYS = 7;

/** The order in which plans rank, for telling an upgrade from a downgrade. */
const RANK: Readonly<Record<PlanId, number>> = {
  free_legacy: 0,
  trial: 1,
  individual: 2,
  team: 3,
  pro: 4,
  scale: 5,
  enterprise: 6,
};

/** True when moving from one plan to another is a move up (or a change of cycle only). */
export function isUpgrade(from: PlanId, to: PlanId): boolean {
  return RANK[to] >= RANK[from];
}
