// TAN-confirmed link signatures (ADR 078, 086): a request may demand that its link signers confirm
// with a TAN before they sign, and each signer's confirmation is kept with how long it counts.
// `signer_verifications` holds one row per signer: waiting for a secret, confirmed until a time,
// or cancelled by the signer; the secrets themselves are one-time codes (migration 040).
import type { Kysely } from 'kysely';

export async function migration048SignerVerifications(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('signature_requests')
    .addColumn('tan_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('signer_verifications')
    .addColumn('signer_id', 'text', (c) => c.primaryKey().references('signers.id').onDelete('cascade'))
    .addColumn('request_id', 'text', (c) =>
      c.notNull().references('signature_requests.id').onDelete('cascade'),
    )
    // 'pending' (a secret was sent), 'verified' (answered), 'cancelled' (ended by the signer)
    .addColumn('state', 'text', (c) => c.notNull())
    // a verified signer may sign until then
    .addColumn('verified_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
