// Embedded signing (ADR 088): a short-lived token for one signer, made by the request's sender for
// a page on one of the business's registered origins to frame. Stored hashed like every link
// token; it goes with its signer (and so with the request).
import type { Kysely } from 'kysely';

export async function migration050EmbeddedSigning(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('embedded_signing_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('signer_id', 'text', (c) => c.notNull().references('signers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('embedded_signing_tokens_signer_idx')
    .on('embedded_signing_tokens')
    .column('signer_id')
    .execute();
}
