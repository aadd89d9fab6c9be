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
      /** the national eID it is (ADR 106); none for a business's single sign-on */
      provider?: string;
    }): Promise<boolean> {
      const result = await db
        .insertInto('account_identities')
        .values({
          issuer: link.issuer,
          subject: link.subject,
          user_id: link.userId,
          created_at: link.now,
          provider: link.provider ?? null,
        })
        .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    /** The national eIDs linked to an account (ADR 106), and whether anything else is. */
    async linkedEids(userId: string): Promise<{ eids: Set<string>; hasOtherIdentity: boolean }> {
      const rows = await db
        .selectFrom('account_identities')
        .select('provider')
        .where('user_id', '=', userId)
        .execute();
      const eids = new Set(rows.flatMap((row) => (row.provider ? [row.provider] : [])));
      return { eids, hasOtherIdentity: rows.some((row) => row.provider === null) };
    },

    /** Removes the account's links to the national eID `provider`; how many there were. */
    async unlinkEid(userId: string, provider: string): Promise<number> {
      const result = await db
        .deleteFrom('account_identities')
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type IdentitiesRepo = ReturnType<typeof createIdentitiesRepo>;
