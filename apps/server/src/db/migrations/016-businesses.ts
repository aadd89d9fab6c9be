// Business accounts: the business, who belongs to it (a person belongs to at most one, as admin or
// member), open invitations, claimed domains with their proof, and its settings (JSON, read and
// written whole through the settings use case). Membership is data here, never a flag on the user.
import type { Kysely } from 'kysely';

export async function migration016Businesses(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('businesses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('gtc_accepted_at', 'text')
    .addColumn('dpa_accepted_at', 'text')
    // set while a deletion is scheduled (revocable until then); the job deletes at that time
    .addColumn('deletion_due_at', 'text')
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('businesses_deletion_idx').on('businesses').column('deletion_due_at').execute();

  await db.schema
    .createTable('business_memberships')
    // one business per person: the user is the key
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .execute();
  // the members and admins lists are pages in joining order
  await db.schema
    .createIndex('business_memberships_list_idx')
    .on('business_memberships')
    .columns(['business_id', 'role', 'joined_at', 'user_id'])
    .execute();

  await db.schema
    .createTable('business_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('business_invitations_unique_idx')
    .on('business_invitations')
    .columns(['business_id', 'email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('business_invitations_list_idx')
    .on('business_invitations')
    .columns(['business_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('business_invitations_email_idx')
    .on('business_invitations')
    .column('email')
    .execute();

  await db.schema
    .createTable('business_domains')
    // one domain, one business
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    // the value the TXT record must carry (not a secret: it is published in DNS)
    .addColumn('proof', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .execute();
  await db.schema
    .createIndex('business_domains_business_idx')
    .on('business_domains')
    .columns(['business_id', 'domain'])
    .execute();
}
