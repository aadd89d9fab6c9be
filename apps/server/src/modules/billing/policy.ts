// Who may do what with a business's plan and billing: one table, as the businesses module keeps
// for the business itself. Outsiders get 404 (a business's ids reveal nothing), people of the
// business whose role does not allow the action 403.
import { AppError } from '../../lib/app-error.js';
import type { Principal } from '../../lib/principal.js';
import { relationToBusiness, type BusinessRelation } from '../businesses/index.js';

export const BILLING_ACTIONS = ['view_plan', 'view_billing', 'manage_billing', 'change_plan'] as const;
export type BillingAction = (typeof BILLING_ACTIONS)[number];

/**
 * Members see the plan (whether the business is locked, for the locked dialog); billing details,
 * usage, and every change and payment are the admins' (spec 6: business admin calls include billing).
 */
export const BILLING_POLICY: Readonly<Record<BillingAction, readonly BusinessRelation[]>> = {
  view_plan: ['admin', 'member'],
  view_billing: ['admin'],
  manage_billing: ['admin'],
  change_plan: ['admin'],
};

export function canOnBilling(
  principal: Principal | undefined,
  action: BillingAction,
  businessId: string,
): boolean {
  return BILLING_POLICY[action].includes(relationToBusiness(principal, { businessId }));
}

export function authorizeBilling(
  principal: Principal | undefined,
  action: BillingAction,
  businessId: string,
): void {
  if (canOnBilling(principal, action, businessId)) return;
  const relation = relationToBusiness(principal, { businessId });
  if (relation === 'admin' || relation === 'member' || relation === 'api_user') {
    throw new AppError('business.forbidden', 'Only an admin of the business may do this');
  }
  throw new AppError('business.not_found', 'No such business');
}
