// Request expiry (ADR 023): an open request's deadline and the moment its pending signers get
// the last reminder before it; the index lets the expiry job find what is due without a scan.
import type { Kysely } from 'kysely';

export async function migration012RequestExpiry(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('signature_requests').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('signature_requests').addColumn('expiry_reminder_at', 'text').execute();
  await db.schema
    .createIndex('signature_requests_expiry_idx')
    .on('signature_requests')
    .columns(['status', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('signature_requests_expiry_reminder_idx')
    .on('signature_requests')
    .columns(['status', 'expiry_reminder_at'])
    .execute();
}
