// The SQL of a request's observers and the removal of a signer (participants.ts, duplicate.ts),
// run inside the caller's `writeRequest` transaction.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/tokens.js';

type Tx = Transaction<Database>;

export async function insertObservers(tx: Tx, requestId: string, emails: Iterable<string>, now: string) {
  for (const email of emails)
    await tx
      .insertInto('observers')
      .values({ id: newId(), request_id: requestId, email, created_at: now })
      .execute();
}

export async function deleteObserver(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('observers').where('id', '=', id).execute();
}

export async function deleteSigner(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('signers').where('id', '=', id).execute();
}
