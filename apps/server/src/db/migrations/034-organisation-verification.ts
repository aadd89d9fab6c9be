// A business's organisation identity, verified by the installation's operator before a
// certificate names it (ADR 062): the verification of each business (what the operator checked,
// or what an admin asked to have checked), the log of every step of it, and the names a business
// vouches for under AES for business, each approved by one of its admins (ADR 057).
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function migration034OrganisationVerification(
  db: Kysely<unknown>,
  dialect: DialectName,
): Promise<void> {
  await db.schema
    .createTable('business_verifications')
    .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id').onDelete('cascade'))
    // pending (asked for), verified, refused (a request turned down) or revoked (taken back)
    .addColumn('status', 'text', (c) => c.notNull())
    // what was asked for while pending, what the operator verified once verified
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('commercial_register', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text')
    .addColumn('requested_by', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('reason', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // the operator's list: one status, oldest request first
  await db.schema
    .createIndex('business_verifications_status_idx')
    .on('business_verifications')
    .columns(['status', 'requested_at'])
    .execute();

  await db.schema
    .createTable('business_verification_log')
    // in the order the steps were taken, however close together
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    // no foreign key: the log outlives what it records
    .addColumn('business_id', 'text', (c) => c.notNull())
    // requested, verified, refused or revoked
    .addColumn('action', 'text', (c) => c.notNull())
    // `cli` or `api` for the operator, `user:<id>` for an admin of the business
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('commercial_register', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('business_verification_log_business_idx')
    .on('business_verification_log')
    .columns(['business_id', 'id'])
    .execute();

  await db.schema
    .createTable('business_vouched_names')
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('approved_by', 'text', (c) => c.notNull())
    .addColumn('approved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('business_vouched_names_pk', ['business_id', 'user_id'])
    .execute();
}
