// SQL of request expiry (ADR 023): claiming the open requests whose deadline or last reminder is
// due, and closing an expired one. On PostgreSQL the claim locks the rows it takes and skips rows
// another server process holds (FOR UPDATE SKIP LOCKED), so several processes share the work
// without taking the same request twice; SQLite has one writer, and the conditional updates
// below are the guard there.
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { syncParticipants } from '../repo.js';

type Trx = Transaction<Database>;

/** Up to `limit` open requests whose `column` time has come, oldest first, locked for this transaction. */
export async function claimDue(
  trx: Trx,
  column: 'expires_at' | 'expiry_reminder_at',
  now: string,
  limit: number,
  skipLocked: boolean,
): Promise<string[]> {
  const query = trx
    .selectFrom('signature_requests')
    .select('id')
    .where('status', '=', 'open')
    .where(column, '<=', now)
    .orderBy(column)
    .limit(limit);
  const rows = await (skipLocked ? query.forUpdate().skipLocked() : query).execute();
  return rows.map((r) => r.id);
}

/** Moves an open request to expired; false when it was no longer open. */
export async function closeExpired(trx: Trx, id: string, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('signature_requests')
    .set({ status: 'expired', ended_at: now, expiry_reminder_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await syncParticipants(trx, id);
  return true;
}

/** Takes the due reminder off an open request; false when someone else already took it. */
export async function takeReminder(trx: Trx, id: string): Promise<boolean> {
  const result = await trx
    .updateTable('signature_requests')
    .set({ expiry_reminder_at: null })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('expiry_reminder_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
