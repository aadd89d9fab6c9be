// Qualified signatures waiting for their signer at the trust service provider (the MAB redirect
// flow, ADR 076): what create-par prepared and the provider was asked to authorise, found again by
// the SHA-256 of the `state` the provider hands back, and claimed (deleted) by redirect-sign.
import type { Kysely } from 'kysely';

export async function migration039MabSignatures(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mab_signatures')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('signer_id', 'text', (c) => c.notNull())
    .addColumn('credential_id', 'text', (c) => c.notNull())
    .addColumn('hashes', 'text', (c) => c.notNull())
    .addColumn('signing_time', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('consent', 'text', (c) => c.notNull())
    .addColumn('redirect_query_params', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mab_signatures_signer').on('mab_signatures').column('signer_id').execute();
}
