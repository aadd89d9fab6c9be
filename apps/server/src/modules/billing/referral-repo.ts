// SQL of the referral rule that a business cannot refer itself (ADR 063): whether the business
// that gave a code and the buyer share a person.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The people of a business: its members and admins, and whoever created it. */
function peopleOf(db: Kysely<Database>, businessId: string) {
  return db
    .selectFrom('business_memberships')
    .select('user_id')
    .where('business_id', '=', businessId)
    .union(db.selectFrom('businesses').select('created_by as user_id').where('id', '=', businessId));
}

/**
 * Whether the referring business and the buyer (a business, or a person buying for themselves)
 * share a person: the same business, or one person among the people of both.
 */
export async function sharesPeople(
  db: Kysely<Database>,
  referrerBusinessId: string,
  buyer: { userId: string; businessId: string | null },
): Promise<boolean> {
  if (buyer.businessId === referrerBusinessId) return true;
  const row = await db
    .selectFrom(peopleOf(db, referrerBusinessId).as('referrer'))
    .select('referrer.user_id')
    .where((eb) =>
      buyer.businessId
        ? eb('referrer.user_id', 'in', peopleOf(db, buyer.businessId))
        : eb('referrer.user_id', '=', buyer.userId),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
