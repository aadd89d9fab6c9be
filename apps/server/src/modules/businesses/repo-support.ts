// What the businesses repository files share: the database's types, running in the caller's
// transaction or one's own, the refusal that rolls a transaction back, and the marks a change of
// business leaves in users' attributes.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { updateAccountAttributes } from '../accounts/index.js';

export type Db = Kysely<Database>;

export type Tx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

/** Runs `work` in the caller's transaction when there is one, else in a transaction of its own. */
export const inTransaction = <T>(db: Db, trx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> =>
  trx ? work(trx) : db.transaction().execute(work);

/** Thrown inside a transaction to roll it back when the change is refused. */
export class Refused extends Error {}

/** Changes these accounts' settings in the caller's transaction (the accounts module's write). */
export const updateAttributes = updateAccountAttributes;

/** Takes the business's seals from the accounts named (all of its accounts when none are), ADR 061. */
export async function dropSealAssignments(tx: Tx, businessId: string, userIds?: readonly string[]) {
  const seals = tx.selectFrom('seals').select('id').where('business_id', '=', businessId);
  let query = tx.deleteFrom('seal_members').where('seal_id', 'in', seals);
  if (userIds) query = query.where('user_id', 'in', [...userIds]);
  await query.execute();
}
