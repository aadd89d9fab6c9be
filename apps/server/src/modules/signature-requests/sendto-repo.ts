// The SQL of "send to" hand-offs (sendto.ts, ADR 009): offered, read, claimed once.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface HandoffRow {
  id: string;
  request_id: string;
  to_email: string;
  message: string;
  created_at: string;
  claimed_at: string | null;
}

export async function insertHandoff(db: Db, row: HandoffRow, fromUserId: string): Promise<void> {
  await db
    .insertInto('sendto_handoffs')
    .values({ ...row, from_user_id: fromUserId })
    .execute();
}

/** The hand-off with the id of the account that offered it. */
export async function findHandoff(
  db: Db,
  id: string,
): Promise<(HandoffRow & { from_user_id: string }) | undefined> {
  return db
    .selectFrom('sendto_handoffs')
    .select(['id', 'request_id', 'to_email', 'message', 'created_at', 'claimed_at', 'from_user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks the hand-off claimed; false when it was claimed already (single use). */
export async function markHandoffClaimed(db: Db, id: string, now: string): Promise<boolean> {
  const claimed = await db
    .updateTable('sendto_handoffs')
    .set({ claimed_at: now })
    .where('id', '=', id)
    .where('claimed_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}
