// The completion mail owed by a completed request (ADR 027): due from the transaction that
// completes it until the mail is in the outbox, and who is composing it since when. Requests
// completed before this migration had their mail sent already.
import type { Kysely } from 'kysely';

export async function migration015CompletionMail(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('signature_requests')
    .addColumn('completion_mail_due', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('signature_requests').addColumn('completion_mail_claimed_at', 'text').execute();
  await db.schema
    .createIndex('signature_requests_completion_mail_idx')
    .on('signature_requests')
    .column('completion_mail_due')
    .execute();
}
