// SQL of a business's own row: creating it with its first admin, its settings, its logo, its
// deletion when due and the requests its retention rule removes; and the business an account is
// of. Returns records, never raw rows.
import type { BusinessSettings } from '@countersign/contract';
import type { Database } from '../../db/schema.js';
import type { BusinessRecord } from './model.js';
import { type Db, dropSealAssignments, type Tx, updateAttributes } from './repo-support.js';
import { withDefaults } from './settings.js';

type BusinessRow = Database['businesses'];

function toBusiness(row: BusinessRow): BusinessRecord {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    settings: withDefaults(JSON.parse(row.settings) as Partial<BusinessSettings>),
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    gtcAcceptedAt: row.gtc_accepted_at,
    dpaAcceptedAt: row.dpa_accepted_at,
    deletionDueAt: row.deletion_due_at,
  };
}

export function createBusinessRowRepo(db: Db) {
  return {
    /** A business and its first admin, in one transaction. */
    async insertBusiness(business: BusinessRecord, adminUserId: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('businesses')
          .values({
            id: business.id,
            name: business.name,
            country: business.country,
            settings: JSON.stringify(business.settings),
            created_by: business.createdBy,
            created_at: business.createdAt,
            updated_at: business.updatedAt,
            gtc_accepted_at: business.gtcAcceptedAt,
            dpa_accepted_at: business.dpaAcceptedAt,
            deletion_due_at: null,
            deleted_at: null,
          })
          .execute();
        await tx
          .insertInto('business_memberships')
          .values({
            user_id: adminUserId,
            business_id: business.id,
            role: 'admin',
            joined_at: business.createdAt,
          })
          .execute();
      });
    },

    async findBusiness(id: string): Promise<BusinessRecord | undefined> {
      const row = await db
        .selectFrom('businesses')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row ? toBusiness(row) : undefined;
    },

    async updateBusiness(
      id: string,
      changes: Partial<Pick<BusinessRecord, 'name' | 'settings' | 'deletionDueAt'>>,
      now: string,
    ): Promise<void> {
      await db
        .updateTable('businesses')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.settings !== undefined && { settings: JSON.stringify(changes.settings) }),
          ...(changes.deletionDueAt !== undefined && { deletion_due_at: changes.deletionDueAt }),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Businesses whose deletion is due; the job deletes them one by one. */
    async findDueDeletions(now: string): Promise<string[]> {
      const rows = await db
        .selectFrom('businesses')
        .select('id')
        .where('deletion_due_at', '<=', now)
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Deletes a business whose deletion is (still) due: every person becomes an individual user
     * marked by `markUser`, invitations, domains and the logo go, and the row stays, marked deleted.
     */
    async deleteBusiness(
      id: string,
      now: string,
      markUser: (attributes: string) => string,
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const claimed = await tx
          .updateTable('businesses')
          .set({ deleted_at: now, updated_at: now })
          .where('id', '=', id)
          .where('deletion_due_at', '<=', now)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        const people = await tx
          .selectFrom('business_memberships')
          .select('user_id')
          .where('business_id', '=', id)
          .execute();
        await updateAttributes(
          tx,
          people.map((p) => p.user_id),
          markUser,
        );
        await tx.deleteFrom('business_memberships').where('business_id', '=', id).execute();
        await tx.deleteFrom('business_invitations').where('business_id', '=', id).execute();
        await tx.deleteFrom('business_domains').where('business_id', '=', id).execute();
        await tx.deleteFrom('business_logos').where('business_id', '=', id).execute();
        await tx.deleteFrom('business_removals').where('business_id', '=', id).execute();
        // Its API users end with it (ADR 061): nobody is left who could revoke them. Their rows
        // stay, deleted, because the requests they sent keep naming them.
        await tx
          .updateTable('api_users')
          .set({ deleted_at: now, secret_hash: '' })
          .where('business_id', '=', id)
          .where('deleted_at', 'is', null)
          .execute();
        await dropSealAssignments(tx, id);
        return true;
      });
    },

    /** Businesses with retention on, and their rule. */
    async listRetentionRules(): Promise<{ businessId: string; terminalState: string }[]> {
      const rows = await db
        .selectFrom('businesses')
        .select(['id', 'settings'])
        .where('deleted_at', 'is', null)
        .execute();
      return rows.flatMap((row) => {
        const { retention } = withDefaults(
          JSON.parse(row.settings) as Partial<BusinessSettings>,
        ).signatureRequests;
        return retention.enabled ? [{ businessId: row.id, terminalState: retention.terminalState }] : [];
      });
    },

    /** Requests of the business's accounts that ended in `state` before `cutoff`, a batch at a time. */
    async findRetainedRequests(
      businessId: string,
      state: string,
      cutoff: string,
      limit: number,
    ): Promise<string[]> {
      const rows = await db
        .selectFrom('signature_requests as r')
        .innerJoin('business_accounts as m', 'm.user_id', 'r.owner_id')
        .select('r.id')
        .where('m.business_id', '=', businessId)
        .where('r.status', '=', state)
        .where('r.ended_at', '<=', cutoff)
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** A logo by its public name (`<sha256>.png`): the same bytes, whichever business uses it. */
    async findLogo(name: string): Promise<Uint8Array | undefined> {
      const row = await db
        .selectFrom('business_logos')
        .select('png')
        .where('name', '=', name)
        .limit(1)
        .executeTakeFirst();
      return row?.png;
    },

    /** Stores a business's logo in place of its previous one (a row of its own, ADR 063). */
    async replaceLogo(
      businessId: string,
      logo: { name: string; png: Uint8Array },
      now: string,
    ): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('business_logos').where('business_id', '=', businessId).execute();
        await tx
          .insertInto('business_logos')
          .values({ name: logo.name, business_id: businessId, png: logo.png, created_at: now })
          .execute();
      });
    },

    async deleteLogo(businessId: string): Promise<void> {
      await db.deleteFrom('business_logos').where('business_id', '=', businessId).execute();
    },
  };
}

/**
 * The id of the business an account is of now (a person's by membership, an API user's own), if
 * any: whose plan, activity report and dashboard an account's requests and signatures count in.
 * In the caller's transaction when given one.
 */
export async function businessIdOfAccount(db: Db | Tx, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('business_accounts')
    .select('business_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.business_id;
}

/**
 * The business an account is of (a person's by membership, an API user's own), if any and not
 * deleted, with its settings: a request follows its owner's business (ADR 035), for its mails,
 * its page's branding and retention.
 */
export async function businessOfMember(
  db: Db,
  userId: string,
): Promise<Pick<BusinessRecord, 'id' | 'name' | 'settings'> | undefined> {
  const row = await db
    .selectFrom('business_accounts as m')
    .innerJoin('businesses as b', 'b.id', 'm.business_id')
    .select(['b.id', 'b.name', 'b.settings'])
    .where('m.user_id', '=', userId)
    .where('b.deleted_at', 'is', null)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        name: row.name,
        settings: withDefaults(JSON.parse(row.settings) as Partial<BusinessSettings>),
      }
    : undefined;
}

/** The settings of a business that is not deleted, completed with today's defaults. */
export async function settingsOfBusiness(db: Db, businessId: string): Promise<BusinessSettings | undefined> {
  const row = await db
    .selectFrom('businesses')
    .select('settings')
    .where('id', '=', businessId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? withDefaults(JSON.parse(row.settings) as Partial<BusinessSettings>) : undefined;
}

/** The settings of the business a person belongs to, if any. */
export async function settingsOfMember(db: Db, userId: string): Promise<BusinessSettings | undefined> {
  return (await businessOfMember(db, userId))?.settings;
}
