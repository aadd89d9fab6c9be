// Price-plan names and the cancellation state of a plan (spec 1 and 4).

export type PlanKind =
  'trial' | 'individual' | 'team' | 'pro' | 'scale' | 'enterprise' | 'free_legacy' | 'unknown';

/** Spec 1: the legacy free plan id. */
export const FREE_LEGACY_PLAN = 'free_legacy';

/**
 * Spec 4: names starting TRIAL are trial, INDIVIDUAL* individual, PRO_V1 pro, SCALE scale, names
 * starting ent enterprise; free_legacy is the legacy free plan. Spec 1 also names a team plan but
 * gives no naming rule for it: ours is named TEAM (billing/plans.ts `planName`) and classified by
 * that exact name. Prefixes are matched as written in the spec (upper-case TRIAL and INDIVIDUAL,
 * lower-case ent).
 */
export function classifyPlan(name: string | null | undefined): PlanKind {
  if (!name) return 'unknown';
  if (name.startsWith('TRIAL')) return 'trial';
  if (name.startsWith('INDIVIDUAL')) return 'individual';
  if (name === 'TEAM') return 'team';
  if (name === 'PRO_V1') return 'pro';
  if (name === 'SCALE') return 'scale';
  if (name.startsWith('ent')) return 'enterprise';
  if (name === FREE_LEGACY_PLAN) return 'free_legacy';
  return 'unknown';
}

/** The plan type value that marks a cancelled period. */
export const CANCELED_PLAN_TYPE = 'CANCELED';

export interface PlanPeriods {
  current?: { base?: { type?: string | null } | null } | null;
  next?: { base?: { type?: string | null } | null } | null;
}

export type PlanCancellation = 'cancelled' | 'cancelling' | 'active';

/**
 * Spec 4: current type CANCELED means cancelled; next type CANCELED means cancelling, which the
 * customer can still revoke. A cancelled current period wins over the next one.
 */
export function planCancellation(plan: PlanPeriods | null | undefined): PlanCancellation {
  if (plan?.current?.base?.type === CANCELED_PLAN_TYPE) return 'cancelled';
  if (plan?.next?.base?.type === CANCELED_PLAN_TYPE) return 'cancelling';
  return 'active';
}

export function isPlanCancelled(plan: PlanPeriods | null | undefined): boolean {
  return planCancellation(plan) === 'cancelled';
}

export function isPlanCancelling(plan: PlanPeriods | null | undefined): boolean {
  return planCancellation(plan) === 'cancelling';
}
