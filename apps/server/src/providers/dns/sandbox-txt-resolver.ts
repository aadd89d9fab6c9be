// The sandbox DNS zone (DNS_RESOLVER=sandbox, the default outside production): TXT records kept in
// the database and published by hand on /sandbox/dns, so that a business's domain proof (ADR 042)
// can be tried on a development or test installation without owning the domain or asking any real
// DNS server. Never in production.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TxtResolver } from './txt-resolver.js';

export interface SandboxDnsRecord {
  name: string;
  value: string;
  createdAt: string;
}

/** What a resolver throws for a name without TXT records (as Node's does: ENOTFOUND). */
function notFound(name: string): Error {
  return Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND', hostname: name });
}

export function createSandboxDnsZone(db: Kysely<Database>, now: () => Date) {
  const resolver: TxtResolver = {
    async resolveTxt(name) {
      const rows = await db
        .selectFrom('sandbox_dns_records')
        .select('value')
        .where('name', '=', name.toLowerCase().replace(/\.$/, ''))
        .orderBy('created_at')
        .execute();
      if (rows.length === 0) throw notFound(name);
      return rows.map((row) => [row.value]);
    },
  };
  return {
    resolver,
    /** Publishes a TXT record; the same name and value twice is one record. */
    async publish(name: string, value: string): Promise<void> {
      await db
        .insertInto('sandbox_dns_records')
        .values({ name: name.toLowerCase().replace(/\.$/, ''), value, created_at: now().toISOString() })
        .onConflict((oc) => oc.columns(['name', 'value']).doNothing())
        .execute();
    },
    async remove(name: string, value: string): Promise<void> {
      await db
        .deleteFrom('sandbox_dns_records')
        .where('name', '=', name.toLowerCase())
        .where('value', '=', value)
        .execute();
    },
    async list(): Promise<SandboxDnsRecord[]> {
      const rows = await db
        .selectFrom('sandbox_dns_records')
        .selectAll()
        .orderBy('name')
        .orderBy('created_at')
        .limit(500)
        .execute();
      return rows.map((r) => ({ name: r.name, value: r.value, createdAt: r.created_at }));
    },
  };
}

export type SandboxDnsZone = ReturnType<typeof createSandboxDnsZone>;
