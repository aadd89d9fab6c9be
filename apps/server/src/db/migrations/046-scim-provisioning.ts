// SCIM 2.0 provisioning of a business's members (ADR 084): the one bearer token a business's
// identity provider calls with (stored as its SHA-256, shown once), and the people that provider
// has provisioned, kept while they are deactivated so that the provider can read and reactivate them.
import type { Kysely } from 'kysely';

export async function migration046ScimProvisioning(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('business_scim_tokens')
    .addColumn('business_id', 'text', (c) => c.primaryKey().references('businesses.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();

  await db.schema
    .createTable('scim_users')
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('external_id', 'text')
    // 1 while the person is a member through provisioning, 0 once deactivated
    .addColumn('active', 'integer', (c) => c.notNull())
    // 1 when provisioning made the account (no password): its business's provider may link it
    .addColumn('created_account', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('scim_users_pk', ['business_id', 'user_id'])
    .execute();
  await db.schema.createIndex('scim_users_user_idx').on('scim_users').column('user_id').execute();
}
