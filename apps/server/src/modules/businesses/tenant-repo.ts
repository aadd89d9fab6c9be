// The tenant of a call: the business it acts for and that business's status, read in one query
// when the caller is authenticated (ADR 061). A deleted business is no tenant: its people have
// no membership left and its API users are not authenticated.
import { businessStatus, isPaymentMethodState } from '@countersign/domain';
import type { TenantResolver } from '../../lib/principal.js';
import type { Db } from './repo-support.js';

export function createTenantResolver(db: Db): TenantResolver {
  return async (businessId) => {
    const row = await db
      .selectFrom('businesses as b')
      .leftJoin('billing_subscriptions as s', 's.business_id', 'b.id')
      .select(['b.id', 'b.deletion_due_at', 's.payment_state'])
      .where('b.id', '=', businessId)
      .where('b.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const paymentState = isPaymentMethodState(row.payment_state) ? row.payment_state : null;
    return {
      businessId: row.id,
      status: businessStatus({ deletionDueAt: row.deletion_due_at, paymentState }),
    };
  };
}
