// The sandbox mailbox lists what was attached to each mail (name, type, size as JSON), so people
// and tests can see that a completion mail carried the signed documents.
import type { Kysely } from 'kysely';

export async function migration006SandboxMailAttachments(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sandbox_mail')
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
