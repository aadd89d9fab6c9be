// "Send to": a draft prepared by one person and handed to another who sends it under their own
// name (/sendto/{id}). One row per hand-off; claiming it makes the addressee the owner.
import type { Kysely } from 'kysely';

export async function migration008Sendto(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sendto_handoffs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) =>
      c.notNull().references('signature_requests.id').onDelete('cascade'),
    )
    .addColumn('from_user_id', 'text', (c) => c.notNull())
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .execute();
  await db.schema.createIndex('sendto_request_idx').on('sendto_handoffs').column('request_id').execute();
}
