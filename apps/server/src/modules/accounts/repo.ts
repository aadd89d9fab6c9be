// SQL for accounts: users, sessions and single-use e-mail tokens. Returns domain records, never
// raw rows.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  defaultAttributes,
  type AccountFacts,
  type AccountRecord,
  type StoredAttributes,
} from './account.js';
import { recordContacts } from './contacts-repo.js';
import { hasIdentity } from './identities-repo.js';

type UserRow = Database['users'];

function toAccount(row: UserRow): AccountRecord {
  const stored = JSON.parse(row.attributes) as Partial<StoredAttributes>;
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    emailVerified: row.email_verified === 1,
    firstName: row.first_name,
    lastName: row.last_name,
    birthDate: row.birth_date,
    attributes: { ...defaultAttributes(), ...stored },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * `facts` reads what other modules know of the person (ADR 068); without it an account is read
 * alone, as a test that only needs the row does.
 */
export function createAccountsRepo(db: Kysely<Database>, facts?: AccountFacts) {
  /**
   * The account with what is read beside it: its qualities (from identifications, seals, and its
   * business's word, since this is the person signed in), its business and its signer groups.
   */
  const withStanding = async (row: UserRow): Promise<AccountRecord> => {
    const account = { ...toAccount(row), hasSso: await hasIdentity(db, row.id) };
    if (!facts) return account;
    return {
      ...account,
      heldQualities: await facts.heldQualities(row),
      standing: await facts.standing(row),
      signerGroups: await facts.signerGroups(row.email),
    };
  };

  return {
    async insertUser(account: AccountRecord): Promise<void> {
      await db
        .insertInto('users')
        .values({
          id: account.id,
          email: account.email,
          password_hash: account.passwordHash,
          email_verified: account.emailVerified ? 1 : 0,
          first_name: account.firstName,
          last_name: account.lastName,
          birth_date: account.birthDate ?? null,
          attributes: JSON.stringify(account.attributes),
          created_at: account.createdAt,
          updated_at: account.updatedAt,
          deleted_at: null,
        })
        .execute();
    },

    async findUserByEmail(email: string): Promise<AccountRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row ? await withStanding(row) : undefined;
    },

    async findUserById(id: string): Promise<AccountRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row ? await withStanding(row) : undefined;
    },

    async updateUser(
      id: string,
      changes: Partial<
        Pick<
          AccountRecord,
          'firstName' | 'lastName' | 'birthDate' | 'passwordHash' | 'emailVerified' | 'attributes'
        >
      >,
      now: string,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({
          ...(changes.firstName !== undefined && { first_name: changes.firstName }),
          ...(changes.lastName !== undefined && { last_name: changes.lastName }),
          ...(changes.birthDate !== undefined && { birth_date: changes.birthDate }),
          ...(changes.passwordHash !== undefined && { password_hash: changes.passwordHash }),
          ...(changes.emailVerified !== undefined && { email_verified: changes.emailVerified ? 1 : 0 }),
          ...(changes.attributes !== undefined && { attributes: JSON.stringify(changes.attributes) }),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Deletion keeps the row for the audit trail of signed documents but frees the address. */
    async markDeleted(id: string, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            deleted_at: now,
            updated_at: now,
            email: `deleted-${id}@deleted.invalid`,
            password_hash: '!',
          })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
        await trx.deleteFrom('email_tokens').where('user_id', '=', id).execute();
        await trx.deleteFrom('contacts').where('user_id', '=', id).execute();
      });
    },

    async insertSession(s: {
      id: string;
      userId: string;
      tokenHash: string;
      createdAt: string;
      expiresAt: string;
      ip: string | null;
    }) {
      await db
        .insertInto('sessions')
        .values({
          id: s.id,
          user_id: s.userId,
          token_hash: s.tokenHash,
          created_at: s.createdAt,
          expires_at: s.expiresAt,
          revoked_at: null,
          ip: s.ip,
        })
        .execute();
    },

    /** The live session of a token, with its account's address and business membership. */
    async findLiveSession(
      tokenHash: string,
      now: string,
    ): Promise<
      | {
          id: string;
          userId: string;
          email: string;
          businessId: string | null;
          role: 'admin' | 'member' | null;
        }
      | undefined
    > {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .leftJoin('business_memberships', 'business_memberships.user_id', 'sessions.user_id')
        .select([
          'sessions.id as id',
          'sessions.user_id as userId',
          'users.email as email',
          'business_memberships.business_id as businessId',
          'business_memberships.role as role',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .where('users.deleted_at', 'is', null)
        .executeTakeFirst();
      return row;
    },

    async revokeSession(id: string, now: string): Promise<void> {
      await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).execute();
    },

    async revokeOtherSessions(userId: string, keepSessionId: string | undefined, now: string): Promise<void> {
      let q = db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (keepSessionId) q = q.where('id', '!=', keepSessionId);
      await q.execute();
    },

    async insertEmailToken(t: {
      tokenHash: string;
      userId: string;
      purpose: 'confirm' | 'reset';
      createdAt: string;
      expiresAt: string;
    }) {
      await db
        .insertInto('email_tokens')
        .values({
          token_hash: t.tokenHash,
          user_id: t.userId,
          purpose: t.purpose,
          created_at: t.createdAt,
          expires_at: t.expiresAt,
          used_at: null,
        })
        .execute();
    },

    async findEmailToken(tokenHash: string, purpose: 'confirm' | 'reset') {
      const row = await db
        .selectFrom('email_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .executeTakeFirst();
      return row ? { userId: row.user_id, expiresAt: row.expires_at, usedAt: row.used_at } : undefined;
    },

    /** Marks a token used; false when another request used it first (single use under races). */
    async consumeEmailToken(tokenHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A new link replaces the older unused ones of the same purpose. */
    async expireOpenEmailTokens(userId: string, purpose: 'confirm' | 'reset', now: string): Promise<void> {
      await db
        .updateTable('email_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },

    async findContacts(userId: string, prefix: string, limit: number): Promise<string[]> {
      const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await db
        .selectFrom('contacts')
        .select('email')
        .where('user_id', '=', userId)
        .where(sql<boolean>`email like ${`${escaped}%`} escape '\\'`)
        .orderBy('last_used_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.email);
    },

    async recordContact(userId: string, email: string, now: string): Promise<void> {
      await recordContacts(db, userId, [email], now);
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;

/** The password hash of a live account, for a re-authentication (reauthentication.ts). */
export async function findPasswordHash(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.password_hash;
}

/** Merges `changes` into the account's stored attributes in one transaction. */
export async function keepAttributes(
  db: Kysely<Database>,
  userId: string,
  changes: Partial<StoredAttributes>,
  at: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select('attributes')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return;
    const attributes = { ...(JSON.parse(row.attributes) as Partial<StoredAttributes>), ...changes };
    await trx
      .updateTable('users')
      .set({ attributes: JSON.stringify(attributes), updated_at: at })
      .where('id', '=', userId)
      .execute();
  });
}
