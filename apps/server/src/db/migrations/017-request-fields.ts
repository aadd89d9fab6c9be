// Fields of every kind a sender places for a signer (signature, initials, date signed, name,
// text, check box; ADR 039). A signer's signature box moves here from `signer_fields`, which
// keeps only the name of each signer's PDF signature field per document.
import { sql, type Kysely } from 'kysely';

export async function migration017RequestFields(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('request_fields')
    .addColumn('request_id', 'text', (c) =>
      c.notNull().references('signature_requests.id').onDelete('cascade'),
    )
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('signer_id', 'text', (c) => c.notNull().references('signers.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('required', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('x', 'real', (c) => c.notNull())
    .addColumn('y', 'real', (c) => c.notNull())
    .addColumn('width', 'real', (c) => c.notNull())
    .addColumn('height', 'real', (c) => c.notNull())
    // the PDF field's name; for a signature, the signer's field named in signer_fields
    .addColumn('field_name', 'text', (c) => c.notNull())
    // what the signer's revision wrote into the field, once they signed
    .addColumn('value', 'text')
    .addPrimaryKeyConstraint('request_fields_pk', ['request_id', 'id'])
    .execute();
  await db.schema.createIndex('request_fields_signer_idx').on('request_fields').column('signer_id').execute();
  await db.schema
    .createIndex('request_fields_document_idx')
    .on('request_fields')
    .column('document_id')
    .execute();

  // Every placed signature box becomes a signature field, on drafts and sent requests alike.
  await sql`
    insert into request_fields
      (request_id, id, signer_id, document_id, position, kind, required, label,
       page, x, y, width, height, field_name, value)
    select s.request_id, 'sig-' || substr(f.signer_id, 1, 13) || '-' || substr(f.document_id, 1, 13), f.signer_id, f.document_id,
       s.position, 'signature', 1, '', f.page, f.x, f.y, f.width, f.height, f.field_name, null
    from signer_fields f join signers s on s.id = f.signer_id
    where f.page is not null`.execute(db);
  for (const column of ['page', 'x', 'y', 'width', 'height'])
    await db.schema.alterTable('signer_fields').dropColumn(column).execute();
}
