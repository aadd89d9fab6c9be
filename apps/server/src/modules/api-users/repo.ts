// SQL of API users: the row with its hashed secret, and the account row that owns its requests.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { insertApiUserAccount, withPeople } from '../accounts/index.js';

export interface ApiUserRecord {
  username: string;
  businessId: string;
  userId: string;
  email: string;
  description: string;
  secretHash: string;
  createdAt: string;
  secretSetAt: string;
}

/** A business has at most this many API users (not deleted). */
export const MAX_API_USERS = 50;

const columns = [
  'api_users.username',
  'api_users.business_id',
  'api_users.user_id',
  'api_users.description',
  'api_users.secret_hash',
  'api_users.created_at',
  'api_users.secret_set_at',
] as const;

function toRecord(row: {
  username: string;
  business_id: string;
  user_id: string;
  description: string;
  secret_hash: string;
  created_at: string;
  secret_set_at: string;
  email: string;
}): ApiUserRecord {
  return {
    username: row.username,
    businessId: row.business_id,
    userId: row.user_id,
    email: row.email,
    description: row.description,
    secretHash: row.secret_hash,
    createdAt: row.created_at,
    secretSetAt: row.secret_set_at,
  };
}

export function createApiUsersRepo(db: Kysely<Database>) {
  const live = () => db.selectFrom('api_users').select(columns).where('api_users.deleted_at', 'is', null);
  /** The records, with the address of each one's account (read through the accounts module). */
  const withEmails = async (rows: readonly Omit<Parameters<typeof toRecord>[0], 'email'>[]) =>
    (await withPeople(db, rows, (r) => r.user_id, { includeDeleted: true })).map(({ row, person }) =>
      toRecord({ ...row, email: person.email }),
    );

  return {
    async list(businessId: string): Promise<ApiUserRecord[]> {
      const rows = await live()
        .where('api_users.business_id', '=', businessId)
        .orderBy('api_users.created_at')
        .orderBy('api_users.username')
        .limit(MAX_API_USERS)
        .execute();
      return withEmails(rows);
    },

    async count(businessId: string): Promise<number> {
      const row = await db
        .selectFrom('api_users')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('business_id', '=', businessId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A live API user by name, whatever its business (authentication). */
    async find(username: string): Promise<ApiUserRecord | undefined> {
      const row = await live().where('api_users.username', '=', username).executeTakeFirst();
      return row && (await withEmails([row]))[0];
    },

    /** The API user and the account that owns its requests, in one transaction. */
    async insert(record: ApiUserRecord, account: { firstName: string; passwordHash: string }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await insertApiUserAccount(trx, {
          id: record.userId,
          email: record.email,
          passwordHash: account.passwordHash,
          firstName: account.firstName,
          createdAt: record.createdAt,
        });
        await trx
          .insertInto('api_users')
          .values({
            username: record.username,
            business_id: record.businessId,
            user_id: record.userId,
            description: record.description,
            secret_hash: record.secretHash,
            created_at: record.createdAt,
            secret_set_at: record.secretSetAt,
            deleted_at: null,
          })
          .execute();
      });
    },

    async update(
      businessId: string,
      username: string,
      changes: { description?: string; secretHash?: string; secretSetAt?: string },
    ): Promise<boolean> {
      const result = await db
        .updateTable('api_users')
        .set({
          ...(changes.description !== undefined && { description: changes.description }),
          ...(changes.secretHash !== undefined && { secret_hash: changes.secretHash }),
          ...(changes.secretSetAt !== undefined && { secret_set_at: changes.secretSetAt }),
        })
        .where('business_id', '=', businessId)
        .where('username', '=', username)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Deleted: the secret is forgotten at once and the seals it was assigned are taken from it; the
     * rows stay so its requests keep their owner.
     */
    async delete(businessId: string, username: string, now: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const deleted = await tx
          .updateTable('api_users')
          .set({ deleted_at: now, secret_hash: '' })
          .where('business_id', '=', businessId)
          .where('username', '=', username)
          .where('deleted_at', 'is', null)
          .returning('user_id')
          .executeTakeFirst();
        if (!deleted) return false;
        await tx.deleteFrom('seal_members').where('user_id', '=', deleted.user_id).execute();
        return true;
      });
    },
  };
}

export type ApiUsersRepo = ReturnType<typeof createApiUsersRepo>;
