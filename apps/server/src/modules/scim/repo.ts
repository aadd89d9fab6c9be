// SQL of SCIM provisioning: each business's SCIM token (its hash) and the people its identity
// provider provisioned, active or deactivated.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface ScimTokenRecord {
  businessId: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface ScimUserRecord {
  businessId: string;
  userId: string;
  externalId: string | null;
  active: boolean;
  createdAccount: boolean;
  createdAt: string;
  updatedAt: string;
}

type ScimUserRow = Database['scim_users'];

const toRecord = (row: ScimUserRow): ScimUserRecord => ({
  businessId: row.business_id,
  userId: row.user_id,
  externalId: row.external_id,
  active: row.active === 1,
  createdAccount: row.created_account === 1,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function createScimRepo(db: Kysely<Database>) {
  return {
    async findToken(businessId: string): Promise<ScimTokenRecord | undefined> {
      const row = await db
        .selectFrom('business_scim_tokens')
        .select(['business_id', 'created_at', 'last_used_at'])
        .where('business_id', '=', businessId)
        .executeTakeFirst();
      return row && { businessId: row.business_id, createdAt: row.created_at, lastUsedAt: row.last_used_at };
    },

    /** Replaces the business's token: the previous one stops working in the same statement. */
    async saveToken(businessId: string, tokenHash: string, createdBy: string, now: string): Promise<void> {
      const values = { token_hash: tokenHash, created_at: now, created_by: createdBy, last_used_at: null };
      await db
        .insertInto('business_scim_tokens')
        .values({ business_id: businessId, ...values })
        .onConflict((oc) => oc.column('business_id').doUpdateSet(values))
        .execute();
    },

    async deleteToken(businessId: string): Promise<void> {
      await db.deleteFrom('business_scim_tokens').where('business_id', '=', businessId).execute();
    },

    /** The business a token hash belongs to, noting that it was used. */
    async useToken(tokenHash: string, now: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('business_scim_tokens')
        .select(['business_id', 'last_used_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      // one write a minute at most, whatever the provider's pace
      if (!row.last_used_at || Date.parse(now) - Date.parse(row.last_used_at) > 60_000) {
        await db
          .updateTable('business_scim_tokens')
          .set({ last_used_at: now })
          .where('token_hash', '=', tokenHash)
          .execute();
      }
      return row.business_id;
    },

    async findUser(businessId: string, userId: string): Promise<ScimUserRecord | undefined> {
      const row = await db
        .selectFrom('scim_users')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** Records a provisioned person; false when the business has provisioned them already. */
    async insertUser(user: ScimUserRecord): Promise<boolean> {
      const result = await db
        .insertInto('scim_users')
        .values({
          business_id: user.businessId,
          user_id: user.userId,
          external_id: user.externalId,
          active: user.active ? 1 : 0,
          created_account: user.createdAccount ? 1 : 0,
          created_at: user.createdAt,
          updated_at: user.updatedAt,
        })
        .onConflict((oc) => oc.columns(['business_id', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async updateUser(
      businessId: string,
      userId: string,
      change: { externalId: string | null; active: boolean; updatedAt: string },
    ): Promise<void> {
      await db
        .updateTable('scim_users')
        .set({ external_id: change.externalId, active: change.active ? 1 : 0, updated_at: change.updatedAt })
        .where('business_id', '=', businessId)
        .where('user_id', '=', userId)
        .execute();
    },

    async deleteUser(businessId: string, userId: string): Promise<void> {
      await db
        .deleteFrom('scim_users')
        .where('business_id', '=', businessId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** One page of the business's provisioned people, oldest first, and how many there are. */
    async pageUsers(
      businessId: string,
      offset: number,
      limit: number,
    ): Promise<{ total: number; users: ScimUserRecord[] }> {
      const count = await db
        .selectFrom('scim_users')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('business_id', '=', businessId)
        .executeTakeFirstOrThrow();
      const rows =
        limit === 0
          ? []
          : await db
              .selectFrom('scim_users')
              .selectAll()
              .where('business_id', '=', businessId)
              .orderBy('created_at')
              .orderBy('user_id')
              .offset(offset)
              .limit(limit)
              .execute();
      return { total: Number(count.n), users: rows.map(toRecord) };
    },
  };
}

export type ScimRepo = ReturnType<typeof createScimRepo>;
