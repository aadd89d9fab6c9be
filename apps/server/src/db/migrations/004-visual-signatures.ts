// Visual signatures (spec section 3) with their custom images, one default per user.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function migration004VisualSignatures(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('visual_signatures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('optional_line', 'text')
    .addColumn('location', 'text')
    .addColumn('display_date', 'integer', (c) => c.notNull())
    .addColumn('display_claim', 'integer', (c) => c.notNull())
    .addColumn('display_standards', 'integer', (c) => c.notNull())
    .addColumn('display_qr', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('image', dialect === 'postgres' ? 'bytea' : 'blob')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('visual_signatures_alias_uq', ['user_id', 'alias'])
    .execute();
  await db.schema
    .createIndex('visual_signatures_user_idx')
    .on('visual_signatures')
    .columns(['user_id', 'is_default'])
    .execute();
}
