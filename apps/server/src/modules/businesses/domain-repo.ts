// SQL of domain claims (ADR 042): any number of businesses may claim a domain while it is unproved,
// one holds it proved (a partial unique index), and proving it removes every other claim in the
// same transaction. Unproved claims older than the cut-off a caller gives are expired: left out of
// lists and deleted by the housekeeping job. Returns records, never raw rows.
import type { Database } from '../../db/schema.js';
import type { DomainRecord } from './model.js';
import { type Db, Refused } from './repo-support.js';

const toDomain = (row: Database['business_domains']): DomainRecord => ({
  domain: row.domain,
  businessId: row.business_id,
  proof: row.proof,
  createdAt: row.created_at,
  verifiedAt: row.verified_at,
});

/** A business whose claim gave way to another's proof, and whether it held the domain proved. */
export interface DisplacedClaim {
  businessId: string;
  wasProved: boolean;
}

/** PostgreSQL's answer when two transactions wait for each other: one of them is ended. */
const isDeadlock = (err: unknown) => (err as { code?: string }).code === '40P01';

export function createDomainRepo(db: Db) {
  return {
    /** The business's domains: the proved ones, and the unproved claims made at or after `unprovedSince`. */
    async listDomains(businessId: string, unprovedSince = ''): Promise<DomainRecord[]> {
      const rows = await db
        .selectFrom('business_domains')
        .selectAll()
        .where('business_id', '=', businessId)
        .where((eb) => eb.or([eb('verified_at', 'is not', null), eb('created_at', '>=', unprovedSince)]))
        .orderBy('domain')
        .execute();
      return rows.map(toDomain);
    },

    async findClaim(businessId: string, domain: string): Promise<DomainRecord | undefined> {
      const row = await db
        .selectFrom('business_domains')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('domain', '=', domain)
        .executeTakeFirst();
      return row ? toDomain(row) : undefined;
    },

    /** Claims a domain for a business; false when this business has claimed it already. */
    async insertClaim(record: DomainRecord): Promise<boolean> {
      const result = await db
        .insertInto('business_domains')
        .values({
          domain: record.domain,
          business_id: record.businessId,
          proof: record.proof,
          created_at: record.createdAt,
          verified_at: record.verifiedAt,
        })
        .onConflict((oc) => oc.columns(['domain', 'business_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Starts an unproved claim's days again (its holder asked again after it expired). */
    async renewClaim(businessId: string, domain: string, now: string): Promise<void> {
      await db
        .updateTable('business_domains')
        .set({ created_at: now })
        .where('business_id', '=', businessId)
        .where('domain', '=', domain)
        .where('verified_at', 'is', null)
        .execute();
    },

    /**
     * Marks the business's claim proved and removes every other business's claim of the domain, in
     * one transaction; answers the claims removed, or undefined when this claim is gone (another
     * business proved the domain meanwhile) or lost a race with another proof.
     */
    async proveClaim(businessId: string, domain: string, now: string): Promise<DisplacedClaim[] | undefined> {
      try {
        return await db.transaction().execute(async (tx) => {
          const removed = await tx
            .deleteFrom('business_domains')
            .where('domain', '=', domain)
            .where('business_id', '!=', businessId)
            .returning(['business_id', 'verified_at'])
            .execute();
          const proved = await tx
            .updateTable('business_domains')
            .set({ verified_at: now })
            .where('business_id', '=', businessId)
            .where('domain', '=', domain)
            .where('verified_at', 'is', null)
            .executeTakeFirst();
          if (Number(proved.numUpdatedRows) !== 1) throw new Refused();
          return removed.map((r) => ({ businessId: r.business_id, wasProved: r.verified_at !== null }));
        });
      } catch (err) {
        if (err instanceof Refused || isDeadlock(err)) return undefined;
        throw err;
      }
    },

    async deleteDomain(businessId: string, domain: string): Promise<boolean> {
      const result = await db
        .deleteFrom('business_domains')
        .where('business_id', '=', businessId)
        .where('domain', '=', domain)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Deletes the unproved claims made before `before`; how many. */
    async deleteExpiredClaims(before: string): Promise<number> {
      const result = await db
        .deleteFrom('business_domains')
        .where('verified_at', 'is', null)
        .where('created_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The business whose verified domain an address is on, if it is not being deleted. */
    async findBusinessByVerifiedDomain(domain: string): Promise<{ id: string; name: string } | undefined> {
      return db
        .selectFrom('business_domains as d')
        .innerJoin('businesses as b', 'b.id', 'd.business_id')
        .select(['b.id as id', 'b.name as name'])
        .where('d.domain', '=', domain)
        .where('d.verified_at', 'is not', null)
        .where('b.deleted_at', 'is', null)
        .where('b.deletion_due_at', 'is', null)
        .executeTakeFirst();
    },
  };
}
