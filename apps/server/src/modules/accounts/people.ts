// People as other modules read them: the accounts module owns the users table (ADR 068), and a
// module that needs a person's name, address or language asks here instead of querying it.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { defaultAttributes, type StoredAttributes } from './account.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A live account as another module sees it: who the person is, not their secrets. */
export interface Person {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  attributes: StoredAttributes;
}

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

const PERSON_COLUMNS = ['id', 'email', 'email_verified', 'first_name', 'last_name', 'attributes'] as const;

async function findLive(db: Db, column: 'id' | 'email', value: string): Promise<Person | undefined> {
  const row = await db
    .selectFrom('users')
    .select(PERSON_COLUMNS)
    .where(column, '=', value)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && toPerson(row);
}

/** The live account with this id. */
export const findPerson = (db: Db, id: string) => findLive(db, 'id', id);

/** The live account with this address. */
export const findPersonByEmail = (db: Db, email: string) => findLive(db, 'email', email);

/** "First Last", or the address when the account has no name. */
export function displayNameOf(person: Pick<Person, 'email' | 'firstName' | 'lastName'>): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}
