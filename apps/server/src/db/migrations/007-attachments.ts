// Attachments: files the sender includes with a request for the parties to read (terms, annexes,
// plans) that are not themselves signed. Content-addressed in the blob store like documents.
import type { Kysely } from 'kysely';

export async function migration007Attachments(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) =>
      c.notNull().references('signature_requests.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attachments_request_idx').on('attachments').column('request_id').execute();
  await db.schema.createIndex('attachments_sha_idx').on('attachments').column('sha256').execute();
}
