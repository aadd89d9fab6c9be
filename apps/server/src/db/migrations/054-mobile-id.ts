// Mobile ID signing (ADR 094): the advanced signatures waiting for their signer's answer on the
// phone, found by the provider's transaction id and claimed (deleted) once the answer is in; and
// the sandbox phone's confirmations, which stand in for a Mobile ID provider outside production.
import type { Kysely } from 'kysely';

export async function migration054MobileId(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mobile_id_signatures')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('signer_id', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mobile_id_signatures_signer')
    .on('mobile_id_signatures')
    .column('signer_id')
    .execute();
  await db.schema
    .createTable('sandbox_mobile_id')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('given_name', 'text')
    .addColumn('surname', 'text')
    .addColumn('country', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_mobile_id_mobile').on('sandbox_mobile_id').column('mobile').execute();
}
