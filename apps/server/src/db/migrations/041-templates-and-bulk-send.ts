// Templates (ADR 080): a request prepared once, with roles where people go, and the fields and
// defaults of each; its documents name content-addressed blobs, shared with the draft they came
// from and the requests made from them. Bulk sends: a template and a CSV, one row per request,
// recorded row by row so that a job interrupted by a crash resumes where it stopped and sends each
// row once.
import type { Kysely } from 'kysely';

export async function migration041TemplatesAndBulkSend(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the business whose people share it; null: the owner's own
    .addColumn('business_id', 'text', (c) => c.references('businesses.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('quality', 'text', (c) => c.notNull())
    .addColumn('legislation', 'text', (c) => c.notNull())
    .addColumn('deadline_days', 'integer')
    .addColumn('reminder_days', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('templates_business_idx')
    .on('templates')
    .columns(['business_id', 'name'])
    .execute();
  await db.schema.createIndex('templates_owner_idx').on('templates').columns(['owner_id', 'name']).execute();

  await db.schema
    .createTable('template_roles')
    .addColumn('template_id', 'text', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('template_roles_pk', ['template_id', 'id'])
    .execute();

  await db.schema
    .createTable('template_documents')
    .addColumn('template_id', 'text', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    // JSON array of { width, height } in PDF points
    .addColumn('pages', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('template_documents_pk', ['template_id', 'id'])
    .execute();
  // whether a blob is still needed (blob removal, the sweep) is one indexed lookup
  await db.schema
    .createIndex('template_documents_sha_idx')
    .on('template_documents')
    .column('sha256')
    .execute();

  await db.schema
    .createTable('template_fields')
    .addColumn('template_id', 'text', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('role_id', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('x', 'real', (c) => c.notNull())
    .addColumn('y', 'real', (c) => c.notNull())
    .addColumn('width', 'real', (c) => c.notNull())
    .addColumn('height', 'real', (c) => c.notNull())
    .addPrimaryKeyConstraint('template_fields_pk', ['template_id', 'id'])
    .execute();

  await db.schema
    .createTable('bulk_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // no reference: the bulk send keeps the template as it was checked (`template`), and its
    // record, when the template is deleted or changed
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('business_id', 'text')
    // JSON: the template as it was when the CSV was checked; every row is sent with it
    .addColumn('template', 'text', (c) => c.notNull())
    // previewed -> running -> finished
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    // the process working on it and until when (ADR 046's leases): another takes over after
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .execute();
  await db.schema
    .createIndex('bulk_sends_status_idx')
    .on('bulk_sends')
    .columns(['status', 'claimed_until'])
    .execute();

  await db.schema
    .createTable('bulk_send_rows')
    .addColumn('bulk_send_id', 'text', (c) => c.notNull().references('bulk_sends.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    // JSON: the row as checked (people per role, field values)
    .addColumn('data', 'text', (c) => c.notNull())
    // invalid (never sent), pending, created (its request made, not yet sent), sent, failed
    .addColumn('status', 'text', (c) => c.notNull())
    // JSON array of { column, code, message } for an invalid row, or the failure of a send
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('sent_at', 'text')
    .addPrimaryKeyConstraint('bulk_send_rows_pk', ['bulk_send_id', 'position'])
    .execute();
}
