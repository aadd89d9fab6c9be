// SQL for the identities people sign in with through an identity provider (ADR 075): an issuer
// and its subject, linked to exactly one account.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function hasIdentity(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('account_identities')
    .select('user_id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function createIdentitiesRepo(db: Kysely<Database>) {
  return {
    /** The live account an identity is linked to. */
    async findUserIdByIdentity(issuer: string, subject: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('account_identities')
        .innerJoin('users', 'users.id', 'account_identities.user_id')
        .select('account_identities.user_id as userId')
        .where('account_identities.issuer', '=', issuer)
        .where('account_identities.subject', '=', subject)
        .where('users.deleted_at', 'is', null)
        .executeTakeFirst();
      return row?.userId;
    },

    /** Links the identity; false when it is linked already (to this account or, in a race, another). */
    async insertIdentity(link: {
      userId: string;
      issuer: string;
      subject: string;
      now: string;
    }): Promise<boolean> {
      const result = await db
        .insertInto('account_identities')
        .values({ issuer: link.issuer, subject: link.subject, user_id: link.userId, created_at: link.now })
        .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
  };
}

export type IdentitiesRepo = ReturnType<typeof createIdentitiesRepo>;
