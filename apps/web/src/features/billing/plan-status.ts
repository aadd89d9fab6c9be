// What the plan page says about a business's plan, decided from its price plan (spec 4: the
// payment states, the payment-issue rule, current or next type CANCELED) and which actions fit.
import type { PricePlan } from '@countersign/contract';
import { planCancellation } from '@countersign/domain';

export type PlanStatus =
  | { kind: 'trialing'; until: string | null }
  | { kind: 'trial-ended' }
  | { kind: 'locked' }
  | { kind: 'payment-issue' }
  | { kind: 'cancelling'; until: string | null }
  | { kind: 'cancelled' }
  | { kind: 'renews'; on: string | null }
  | { kind: 'manual' };

const PAID_PLANS: readonly string[] = ['individual', 'team', 'pro', 'scale', 'enterprise'];

export function describePlanStatus(plan: PricePlan): PlanStatus {
  if (plan.paymentState === 'BLOCKED') return { kind: 'locked' };
  if (plan.paymentState === 'NEEDS_PAYMENT_METHOD') return { kind: 'trial-ended' };
  if (plan.paymentState === 'TRIALING') return { kind: 'trialing', until: plan.trialEndsAt };
  const cancellation = planCancellation(plan);
  if (cancellation === 'cancelled') return { kind: 'cancelled' };
  if (cancellation === 'cancelling') return { kind: 'cancelling', until: plan.current.base.endAt };
  if (plan.paymentIssue) return { kind: 'payment-issue' };
  if (plan.paymentState === 'MANUAL') return { kind: 'manual' };
  return { kind: 'renews', on: plan.current.base.endAt };
}

export interface PlanActions {
  /** choose a paid plan (trial, expired, locked, cancelled) or move up */
  upgrade: 'choose' | 'change' | null;
  seats: boolean;
  cancel: boolean;
  revokeCancel: boolean;
  endTrial: boolean;
}

export function listPlanActions(plan: PricePlan): PlanActions {
  const status = describePlanStatus(plan);
  const isPaid = PAID_PLANS.includes(plan.plan);
  const needsPlan = ['trialing', 'trial-ended', 'locked', 'cancelled'].includes(status.kind) || !isPaid;
  const isRunning = isPaid && ['renews', 'payment-issue', 'manual'].includes(status.kind);
  return {
    upgrade: needsPlan ? 'choose' : plan.plan === 'enterprise' ? null : 'change',
    seats: isRunning,
    cancel: isRunning && plan.paymentState !== 'MANUAL',
    revokeCancel: status.kind === 'cancelling',
    endTrial: status.kind === 'trialing',
  };
}
