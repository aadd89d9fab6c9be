// Signer groups of a business (their members in a table of their own, so that the groups a person
// may sign for are one indexed lookup by address), the business activity log behind the activity
// report (one row per event, written when it happens, paged by time), the monthly signature counts
// behind the dashboard, and AES for business (JSON on the business row).
import type { Kysely } from 'kysely';

export async function migration021SignerGroupsAndActivity(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signer_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // the name in lower case: one business, one group of a name
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signer_groups_name_idx')
    .on('signer_groups')
    .columns(['business_id', 'name_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('signer_group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('signer_groups.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('signer_group_members_pk', ['group_id', 'email'])
    .execute();
  await db.schema
    .createIndex('signer_group_members_email_idx')
    .on('signer_group_members')
    .columns(['email', 'group_id'])
    .execute();

  await db.schema
    .createTable('business_activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    // accounts, signatures or identifications: the three lists of the report
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text')
    .addColumn('by_email', 'text')
    .addColumn('request_id', 'text')
    .addColumn('sender_email', 'text')
    .addColumn('quality', 'text')
    .addColumn('legislation', 'text')
    .addColumn('group_name', 'text')
    .addColumn('method', 'text')
    .execute();
  // every list and export is a range of one kind of one business, in time order (keyset pages)
  await db.schema
    .createIndex('business_activities_list_idx')
    .on('business_activities')
    .columns(['business_id', 'kind', 'at', 'id'])
    .execute();

  await db.schema
    .createTable('business_signature_months')
    .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('quality', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('business_signature_months_pk', ['business_id', 'month', 'quality'])
    .execute();

  // the dashboard counts a business's open and completed requests through its people
  await db.schema
    .createIndex('requests_owner_status_idx')
    .on('signature_requests')
    .columns(['owner_id', 'status'])
    .execute();

  await db.schema.alterTable('businesses').addColumn('aes4biz', 'text').execute();
}
