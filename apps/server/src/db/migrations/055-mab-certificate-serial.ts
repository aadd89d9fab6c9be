// A qualified signature waiting at the trust service provider keeps the serial number of the
// certificate it was prepared with (ADR 093, 101): redirect-sign compares it with the credential's
// certificate then, and a renewed certificate gets its own refusal instead of a hash conflict.
// Rows kept before this migration have none (null) and are compared by their hashes alone.
import type { Kysely } from 'kysely';

export async function migration055MabCertificateSerial(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mab_signatures').addColumn('certificate_serial', 'text').execute();
}
