// The image a link holder (no account, so no saved visual signatures) drew or uploaded for their
// one signature: one row per signer, re-encoded as a bounded PNG, gone with the signer (and so
// with the request, or when the signature is delegated to someone else's new signer row).
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function migration028LinkHolderImages(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('signer_images')
    .addColumn('signer_id', 'text', (c) => c.primaryKey().references('signers.id').onDelete('cascade'))
    .addColumn('image', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
