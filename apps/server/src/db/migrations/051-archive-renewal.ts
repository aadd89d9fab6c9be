// Archive renewal (ADR 089): one row per completed document, saying until when its newest
// document time-stamp proves it and when the background sweep looks at it next. A renewal that
// failed (its time-stamp authority did not answer) counts its attempts and keeps the last error
// for the operator; the document itself only ever moves to a complete renewed revision.
import type { Kysely } from 'kysely';

export async function migration051ArchiveRenewal(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('archive_renewals')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('request_id', 'text', (c) => c.notNull())
    // the end of the newest time-stamp's proof; null: the file carries no proof of ours
    .addColumn('proven_until', 'text')
    // null: nothing to renew, ever (no time-stamp of ours to extend)
    .addColumn('next_check_at', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('renewed_at', 'text')
    .execute();
  await db.schema
    .createIndex('archive_renewals_next_check_at')
    .on('archive_renewals')
    .column('next_check_at')
    .execute();
}
