// What a link survives its request's end as (ADR 041): a read-only grant, stored hashed like the
// link token it replaces, that lets its holder see the outcome and download the documents and the
// signature protocol until `expires_at`; kept after that only so the link can say the request is
// over and whom to ask. It goes with its signer (and so with the request).
import type { Kysely } from 'kysely';

export async function migration018LinkGrants(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('link_grants')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('signer_id', 'text', (c) => c.notNull().references('signers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('link_grants_signer_idx').on('link_grants').column('signer_id').execute();
}
