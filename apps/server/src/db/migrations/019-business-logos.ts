// Company logos (business setting companyBranding.logo): the re-encoded PNG, one per business,
// served publicly by a name derived from its bytes so that mails can show it.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function migration019BusinessLogos(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('business_logos')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) =>
      c.notNull().unique().references('businesses.id').onDelete('cascade'),
    )
    .addColumn('png', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
