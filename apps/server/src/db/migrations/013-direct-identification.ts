// Identifications of link holders (ADR 025): an identification belongs either to an account
// (user_id) or to one signer of one request (signer_id), never both. user_id becomes nullable;
// SQLite cannot drop a NOT NULL constraint, so there the table is rebuilt the way SQLite's
// documentation prescribes (new table, copy, drop, rename) with foreign-key checks paused, which
// works because Kysely does not wrap SQLite migrations in a transaction.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

const ONE_HOLDER = sql`check ((user_id is null) <> (signer_id is null))`;

export async function migration013DirectIdentification(
  db: Kysely<unknown>,
  dialect: DialectName,
): Promise<void> {
  if (dialect === 'postgres') {
    await db.schema
      .alterTable('identifications')
      .alterColumn('user_id', (c) => c.dropNotNull())
      .execute();
    await db.schema
      .alterTable('identifications')
      .addColumn('signer_id', 'text', (c) => c.references('signers.id').onDelete('cascade'))
      .execute();
    await sql`alter table identifications add constraint identifications_one_holder ${ONE_HOLDER}`.execute(
      db,
    );
  } else {
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    // 011's columns, written out again on purpose: a migration must not change with later code.
    await db.schema
      .createTable('identifications_new')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('signer_id', 'text', (c) => c.references('signers.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('legislation', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('signature_request_id', 'text')
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('given_name', 'text')
      .addColumn('surname', 'text')
      .addColumn('country', 'text')
      .addColumn('mobile', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('identifications_one_holder', sql`(user_id is null) <> (signer_id is null)`)
      .execute();
    await sql`insert into identifications_new (id, user_id, signer_id, seq, provider, method, legislation,
      status, signature_request_id, url, given_name, surname, country, mobile, created_at, updated_at)
      select id, user_id, null, seq, provider, method, legislation, status, signature_request_id, url,
      given_name, surname, country, mobile, created_at, updated_at from identifications`.execute(db);
    await db.schema.dropTable('identifications').execute();
    await db.schema.alterTable('identifications_new').renameTo('identifications').execute();
    await db.schema
      .createIndex('identifications_user_idx')
      .on('identifications')
      .columns(['user_id', 'provider', 'method', 'seq'])
      .execute();
    await db.schema
      .createIndex('identifications_user_seq_idx')
      .on('identifications')
      .columns(['user_id', 'seq'])
      .unique()
      .execute();
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
  // A signer's identifications are numbered like an account's; both columns may be null, and
  // nulls never collide in a unique index on either database.
  await db.schema
    .createIndex('identifications_signer_seq_idx')
    .on('identifications')
    .columns(['signer_id', 'seq'])
    .unique()
    .execute();
}
