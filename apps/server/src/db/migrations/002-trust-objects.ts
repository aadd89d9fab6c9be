// The trust hierarchy's persisted objects (encrypted keys, certificates, revocation state),
// stored by name so that every server process shares one hierarchy.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function migration002TrustObjects(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('trust_objects')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
