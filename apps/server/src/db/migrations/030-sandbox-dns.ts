// The sandbox DNS zone (ADR 042): TXT records published by hand on /sandbox/dns, which domain
// proofs read instead of real DNS outside production. One row per name and value.
import type { Kysely } from 'kysely';

export async function migration030SandboxDns(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_dns_records')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sandbox_dns_records_pk', ['name', 'value'])
    .execute();
}
