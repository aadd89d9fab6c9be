// Signer details for link holders and delegation: the name and language a direct signer gives
// for themselves (GET/PUT /v1/direct/user), and, for a signer who received a delegated
// signature, the signer who passed it on.
import type { Kysely } from 'kysely';

export async function migration005SignerDetails(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('signers').addColumn('first_name', 'text').execute();
  await db.schema.alterTable('signers').addColumn('last_name', 'text').execute();
  await db.schema.alterTable('signers').addColumn('language', 'text').execute();
  await db.schema.alterTable('signers').addColumn('delegated_from', 'text').execute();
}
