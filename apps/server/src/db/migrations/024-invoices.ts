// Invoices (ADR 050): numbered without gaps per issuer and kind (a counter row moved in the
// issuing transaction, so a rolled-back issue takes its number back with it), immutable once
// issued (triggers refuse any update or delete; a correction is a credit note, a new row), and
// each sealed PDF kept once made. No foreign key to businesses or users: invoices outlive both.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function migration024Invoices(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('invoice_counters')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_counters_pk', ['issuer', 'kind'])
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('issuer', 'text', (c) => c.notNull())
    // invoice or credit_note
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('display_number', 'text', (c) => c.notNull())
    .addColumn('business_id', 'text')
    .addColumn('user_id', 'text')
    .addColumn('customer', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('subtotal_minor', 'integer', (c) => c.notNull())
    .addColumn('tax_minor', 'integer', (c) => c.notNull())
    .addColumn('total_minor', 'integer', (c) => c.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('credits_invoice_id', 'text', (c) => c.references('invoices.id'))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoices_number_unique', ['issuer', 'kind', 'number'])
    .execute();
  await db.schema
    .createIndex('invoices_business_idx')
    .on('invoices')
    .columns(['business_id', 'issued_at'])
    .execute();
  await db.schema.createIndex('invoices_user_idx').on('invoices').columns(['user_id', 'issued_at']).execute();
  // one invoice per payment: billing may ask twice (a retried job), it gets the same invoice
  await db.schema
    .createIndex('invoices_payment_unique')
    .on('invoices')
    .column('payment_id')
    .unique()
    .where(sql<boolean>`payment_id is not null`)
    .execute();
  await db.schema
    .createTable('invoice_documents')
    .addColumn('invoice_id', 'text', (c) => c.primaryKey().references('invoices.id'))
    .addColumn('pdf', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  if (dialect === 'postgres') {
    await sql`create function invoices_refuse_change() returns trigger language plpgsql as $$
      begin raise exception 'an issued invoice is never changed; issue a credit note'; end $$`.execute(db);
    for (const table of ['invoices', 'invoice_documents'])
      await sql`create trigger ${sql.raw(`${table}_immutable`)} before update or delete on ${sql.table(table)}
        for each row execute function invoices_refuse_change()`.execute(db);
  } else {
    for (const table of ['invoices', 'invoice_documents'])
      for (const event of ['update', 'delete'])
        await sql`create trigger ${sql.raw(`${table}_no_${event}`)} before ${sql.raw(event)} on ${sql.table(table)}
          begin select raise(abort, 'an issued invoice is never changed; issue a credit note'); end`.execute(
          db,
        );
  }
}
