// Who holds what, and whether they still live (ADR 046): every serving process registers an
// incarnation with a heartbeat, and document locks, completion-mail claims and outbox leases name
// the incarnation that holds them, so a dead holder's work is taken over in seconds. Each mail
// carries an idempotency key, which is also its Message-ID.
import type { Kysely } from 'kysely';

export async function migration020ProcessLiveness(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('process_incarnations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('node', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('process_incarnations_node_idx')
    .on('process_incarnations')
    .column('node')
    .execute();
  await db.schema.alterTable('document_locks').addColumn('process_id', 'text').execute();
  await db.schema.alterTable('signature_requests').addColumn('completion_mail_claimed_by', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('claimed_by', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('idempotency_key', 'text').execute();
  await db.schema
    .createIndex('mail_outbox_idempotency_key_idx')
    .on('mail_outbox')
    .column('idempotency_key')
    .unique()
    .execute();
}
