// Presentation requests to digital identity wallets (OpenID4VP, ADR 085): one per wallet
// identification, holding what the wallet's answer must match (the state, stored hashed, and the
// nonce), until when it may come, and once answered which issuer vouched and which claims the
// holder disclosed (their names; the values that count are the identification's identity).
import type { Kysely } from 'kysely';

export async function migration047WalletPresentations(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_presentations')
    // the identification row is written just after its request is made, so no foreign key here
    .addColumn('identification_id', 'text', (c) => c.primaryKey())
    .addColumn('state_hash', 'text', (c) => c.notNull().unique())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('issuer', 'text')
    .addColumn('credential_type', 'text')
    /** JSON list of the names of the claims the holder disclosed */
    .addColumn('disclosed', 'text')
    .execute();
}
