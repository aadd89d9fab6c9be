// Identification (ADR 021): one row per identification a person starts with a provider, the
// qualities a successful one granted, and the sandbox SMS box that shows TANs sent to phones.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function migration011Identification(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('identifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the person's n-th identification: orders them even when two start within one clock tick
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
    .execute();
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
  await db.schema
    .createTable('user_qualities')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quality', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('identification_id', 'text', (c) => c.notNull().references('identifications.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_qualities_pk', ['user_id', 'quality'])
    .execute();
  await db.schema
    .createTable('sandbox_sms')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('to_number', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
