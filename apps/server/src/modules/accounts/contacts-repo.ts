// The SQL of an account's contacts: the addresses it has sent requests to, suggested as it types.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Remembers these addresses as the account's contacts, used now. */
export async function recordContacts(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  emails: readonly string[],
  now: string,
): Promise<void> {
  for (const email of emails)
    await db
      .insertInto('contacts')
      .values({ user_id: userId, email, last_used_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'email']).doUpdateSet({ last_used_at: now }))
      .execute();
}
