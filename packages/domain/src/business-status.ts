// What a business may still do, as one status that every call's tenant carries. It is worked out
// once, where the caller is authenticated, from the business's row (a deletion asked for) and its
// subscription's payment state (ADR 055), and read by whatever call depends on it (ADR 061).
import { accessFor } from './billing/payment-states.js';
import type { PaymentMethodState } from './payment.js';

/**
 * `active`: everything the plan allows. `expired` and `locked`: the payment state's access
 * (ADR 055). `deletion_pending`: an admin asked for the business to be deleted; until the notice
 * runs out it is locked for everything but revoking the deletion, and its API users are refused.
 */
export type BusinessStatus = 'active' | 'expired' | 'locked' | 'deletion_pending';

export function businessStatus(business: {
  deletionDueAt: string | null;
  /** null while the business has no subscription yet (a trial is made for it on first use) */
  paymentState: PaymentMethodState | null;
}): BusinessStatus {
  if (business.deletionDueAt !== null) return 'deletion_pending';
  if (business.paymentState === null) return 'active';
  const access = accessFor(business.paymentState);
  return access === 'full' ? 'active' : access;
}

/** New requests, signatures and seals need a business that is neither locked nor being deleted. */
export function mayBusinessSign(status: BusinessStatus): boolean {
  return status !== 'deletion_pending' && status !== 'locked';
}

/** Its API users act only for a business that is not being deleted. */
export function mayApiUsersCall(status: BusinessStatus): boolean {
  return status !== 'deletion_pending';
}
