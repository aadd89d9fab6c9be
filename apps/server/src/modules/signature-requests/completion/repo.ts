// SQL of the completion mail (ADR 027): a completed request owes its parties one mail, marked in
// the transaction that completes it and cleared once the mail is in the outbox. A process claims
// a due mail with one conditional update naming its process incarnation, so two processes never
// compose the same mail at once. A claim whose incarnation is dead (ADR 046) may be taken again at
// once, and one older than CLAIM_STALE_MS too (a live holder stuck for good). Only the holder of
// the claim may mark the mail sent, in the transaction that queues it: a holder that lost its
// claim to another process queues nothing.
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Liveness } from '../../../liveness/incarnation.js';
import { holderAlive } from '../../../liveness/repo.js';

type Db = Kysely<Database> | Transaction<Database>;

export const CLAIM_STALE_MS = 10 * 60 * 1000;

/** Nobody holds the mail, its holder is dead, or its claim is stale. */
const isUnclaimed =
  (now: Date, liveness: Liveness) => (eb: ExpressionBuilder<Database, 'signature_requests'>) => {
    const staleBefore = new Date(now.getTime() - CLAIM_STALE_MS).toISOString();
    return eb.or([
      eb('completion_mail_claimed_at', 'is', null),
      eb('completion_mail_claimed_at', '<', staleBefore),
      eb.not(holderAlive('signature_requests.completion_mail_claimed_by', liveness.aliveAfter())),
    ]);
  };

/** Takes the due mail of one request for this process; false when none is due or another holds it. */
export async function claimCompletionMail(
  db: Db,
  requestId: string,
  now: Date,
  liveness: Liveness,
): Promise<boolean> {
  const result = await db
    .updateTable('signature_requests')
    .set({ completion_mail_claimed_at: now.toISOString(), completion_mail_claimed_by: liveness.id })
    .where('id', '=', requestId)
    .where('completion_mail_due', '=', 1)
    .where(isUnclaimed(now, liveness))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the mail sent, if this incarnation still holds its claim; else refuses (rolling back). */
export async function finishCompletionMail(db: Db, requestId: string, holder: string): Promise<void> {
  const result = await db
    .updateTable('signature_requests')
    .set({ completion_mail_due: 0, completion_mail_claimed_at: null, completion_mail_claimed_by: null })
    .where('id', '=', requestId)
    .where('completion_mail_due', '=', 1)
    .where('completion_mail_claimed_by', '=', holder)
    .executeTakeFirst();
  // internal: the mail is left to the process holding the claim, no caller hears of it
  if (Number(result.numUpdatedRows) !== 1)
    throw new Error('the completion mail claim was lost: another process took it over');
}

/** Frees the claims the given (dead) incarnations held: the take-back at start (ADR 046). */
export async function releaseClaimsOf(db: Db, processIds: string[]): Promise<number> {
  if (processIds.length === 0) return 0;
  const result = await db
    .updateTable('signature_requests')
    .set({ completion_mail_claimed_at: null, completion_mail_claimed_by: null })
    .where('completion_mail_claimed_by', 'in', processIds)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Requests whose completion mail is due and not held by a live claim, oldest first. */
export async function listDueCompletionMails(
  db: Db,
  now: Date,
  liveness: Liveness,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('signature_requests')
    .select('id')
    .where('completion_mail_due', '=', 1)
    .where(isUnclaimed(now, liveness))
    .orderBy('completed_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
