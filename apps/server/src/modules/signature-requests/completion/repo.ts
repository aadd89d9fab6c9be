// SQL of the completion mail (ADR 027): a completed request owes its parties one mail, marked in
// the transaction that completes it and cleared once the mail is in the outbox. A process claims
// a due mail with one conditional update, so two processes never compose the same mail at once,
// and a claim older than CLAIM_STALE_MS (its process died) may be taken again.
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export const CLAIM_STALE_MS = 10 * 60 * 1000;

/** Nobody holds the mail, or its holder's claim is stale (the holder died). */
const isUnclaimed = (now: Date) => (eb: ExpressionBuilder<Database, 'signature_requests'>) => {
  const staleBefore = new Date(now.getTime() - CLAIM_STALE_MS).toISOString();
  return eb.or([
    eb('completion_mail_claimed_at', 'is', null),
    eb('completion_mail_claimed_at', '<', staleBefore),
  ]);
};

/** Takes the due mail of one request for this process; false when none is due or another holds it. */
export async function claimCompletionMail(db: Db, requestId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('signature_requests')
    .set({ completion_mail_claimed_at: now.toISOString() })
    .where('id', '=', requestId)
    .where('completion_mail_due', '=', 1)
    .where(isUnclaimed(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishCompletionMail(db: Db, requestId: string): Promise<void> {
  await db
    .updateTable('signature_requests')
    .set({ completion_mail_due: 0, completion_mail_claimed_at: null })
    .where('id', '=', requestId)
    .execute();
}

/** Requests whose completion mail is due and not held by a live claim, oldest first. */
export async function listDueCompletionMails(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('signature_requests')
    .select('id')
    .where('completion_mail_due', '=', 1)
    .where(isUnclaimed(now))
    .orderBy('completed_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
