// People as other modules read them: the accounts module owns the users table (ADR 068), and a
// module that needs a person's name, address, language or settings asks here instead of querying
// it. Lookups see live accounts; `includeDeleted` also finds a deleted one, whose row stays behind
// what it did (a signature, an activity row).
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defaultAttributes, type StoredAttributes } from './account.js';

type Db = Kysely<Database> | Transaction<Database>;

/** An account as another module sees it: who the person is, not their secrets. */
export interface Person {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  attributes: StoredAttributes;
}

export interface Lookup {
  /** also a deleted account (default: live ones only) */
  includeDeleted?: boolean;
}

const PERSON_COLUMNS = ['id', 'email', 'email_verified', 'first_name', 'last_name', 'attributes'] as const;

function toPerson(row: {
  id: string;
  email: string;
  email_verified: number;
  first_name: string;
  last_name: string;
  attributes: string;
}): Person {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified === 1,
    firstName: row.first_name,
    lastName: row.last_name,
    attributes: { ...defaultAttributes(), ...(JSON.parse(row.attributes) as Partial<StoredAttributes>) },
  };
}

async function findWhere(
  db: Db,
  column: 'id' | 'email',
  values: readonly string[],
  lookup: Lookup,
): Promise<Person[]> {
  if (values.length === 0) return [];
  let query = db
    .selectFrom('users')
    .select(PERSON_COLUMNS)
    .where(column, 'in', [...values]);
  if (!lookup.includeDeleted) query = query.where('deleted_at', 'is', null);
  return (await query.execute()).map(toPerson);
}

/** The account with this id. */
export const findPerson = async (db: Db, id: string, lookup: Lookup = {}): Promise<Person | undefined> =>
  (await findWhere(db, 'id', [id], lookup))[0];

/** The account with this address. */
export const findPersonByEmail = async (
  db: Db,
  email: string,
  lookup: Lookup = {},
): Promise<Person | undefined> => (await findWhere(db, 'email', [email], lookup))[0];

/** The accounts with these ids (any order; unknown ids are left out). */
export const findPeople = (db: Db, ids: readonly string[], lookup: Lookup = {}) =>
  findWhere(db, 'id', ids, lookup);

/** When a live account was created (an ISO date), if it exists. */
export const accountCreatedAt = async (db: Db, id: string): Promise<string | undefined> =>
  (
    await db
      .selectFrom('users')
      .select('created_at')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  )?.created_at;

/** The accounts with these addresses (any order; unknown addresses are left out). */
export const findPeopleByEmail = (db: Db, emails: readonly string[], lookup: Lookup = {}) =>
  findWhere(db, 'email', emails, lookup);

/**
 * Each row with the account its `userIdOf` names, in the rows' order; rows whose account is not
 * found are left out (as an inner join would).
 */
export async function withPeople<R>(
  db: Db,
  rows: readonly R[],
  userIdOf: (row: R) => string,
  lookup: Lookup = {},
): Promise<{ row: R; person: Person }[]> {
  const byId = new Map((await findPeople(db, rows.map(userIdOf), lookup)).map((p) => [p.id, p]));
  return rows.flatMap((row) => {
    const person = byId.get(userIdOf(row));
    return person ? [{ row, person }] : [];
  });
}

/** "First Last" as the account gives it; empty when it has no name. */
export const fullNameOf = (person: Pick<Person, 'firstName' | 'lastName'>): string =>
  `${person.firstName} ${person.lastName}`.trim();

/**
 * A page of the people whose ids `ids` selects, by address (a list another module pages through
 * by its members' addresses, in one query).
 */
export async function pagePeopleByEmail(
  db: Db,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query that selects user ids
  ids: SelectQueryBuilder<Database, any, { user_id: string }>,
  page: { limit: number; offset: number },
): Promise<Person[]> {
  const rows = await db
    .selectFrom('users')
    .select(PERSON_COLUMNS)
    .where('id', 'in', ids)
    .orderBy('email')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(toPerson);
}

/**
 * The account that owns what an API user sends (ADR 052): no password anyone knows, no address
 * anyone reads, created in the transaction that creates the API user.
 */
export async function insertApiUserAccount(
  trx: Transaction<Database>,
  account: { id: string; email: string; passwordHash: string; firstName: string; createdAt: string },
): Promise<void> {
  await trx
    .insertInto('users')
    .values({
      id: account.id,
      email: account.email,
      password_hash: account.passwordHash,
      email_verified: 0,
      first_name: account.firstName,
      last_name: '',
      attributes: '{}',
      created_at: account.createdAt,
      updated_at: account.createdAt,
      deleted_at: null,
    })
    .execute();
}

/**
 * Rewrites these accounts' stored attributes with `mark`, in the caller's transaction: what
 * another module's change does to the people it touches (joined, removed from or deleted with a
 * business).
 */
export async function updateAccountAttributes(
  tx: Transaction<Database>,
  userIds: readonly string[],
  mark: (attributes: string) => string,
): Promise<void> {
  for (const id of userIds) {
    const row = await tx.selectFrom('users').select('attributes').where('id', '=', id).executeTakeFirst();
    if (row)
      await tx
        .updateTable('users')
        .set({ attributes: mark(row.attributes) })
        .where('id', '=', id)
        .execute();
  }
}
