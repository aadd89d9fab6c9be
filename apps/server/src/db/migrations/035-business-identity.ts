// What keeps a business's identity its own (ADR 042, ADR 063):
// - A logo row per business. The public name is still the hash of the bytes, so two businesses
//   with the same logo share its address, but each keeps a row of its own (the name was the key,
//   and the second upload of the same bytes failed); deleting one business's logo leaves the
//   other's. The bytes stay in the row: a logo is a PNG of at most 600 x 200 pixels, and a shared
//   row would need counting its users under concurrent uploads and deletions.
// - Domain claims per business: any number of businesses may claim a domain while it is unproved,
//   and at most one holds it proved (a partial unique index), so a claim never proved blocks
//   nobody.
// - The business (or person) a subscription was referred by, which makes a referral discount a
//   one-time one.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../database.js';

/** Moves `table` into the shape `create` makes (under a temporary name), keeping its rows. */
async function rebuild(
  db: Kysely<unknown>,
  table: string,
  columns: readonly string[],
  create: (name: string) => Promise<void>,
): Promise<void> {
  const next = `${table}_035`;
  await create(next);
  const list = sql.join(columns.map((column) => sql.ref(column)));
  await sql`insert into ${sql.table(next)} (${list}) select ${list} from ${sql.table(table)}`.execute(db);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(next).renameTo(table).execute();
}

export async function migration035BusinessIdentity(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await rebuild(db, 'business_logos', ['name', 'business_id', 'png', 'created_at'], async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('png', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('business_logos_business_pk', ['business_id'])
      .execute();
  });
  await db.schema.createIndex('business_logos_name_idx').on('business_logos').column('name').execute();

  const domainColumns = ['domain', 'business_id', 'proof', 'created_at', 'verified_at'];
  await rebuild(db, 'business_domains', domainColumns, async (name) => {
    await db.schema
      .createTable(name)
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id').onDelete('cascade'))
      // the value the TXT record must carry (not a secret: it is published in DNS)
      .addColumn('proof', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('verified_at', 'text')
      .addPrimaryKeyConstraint('business_domains_claim_pk', ['domain', 'business_id'])
      .execute();
  });
  // one proved holder per domain; unproved claims are as many as businesses ask
  await db.schema
    .createIndex('business_domains_proved_idx')
    .on('business_domains')
    .column('domain')
    .unique()
    .where(sql.ref('verified_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('business_domains_business_idx')
    .on('business_domains')
    .columns(['business_id', 'domain'])
    .execute();

  await db.schema.alterTable('billing_subscriptions').addColumn('referred_by', 'text').execute();
}
