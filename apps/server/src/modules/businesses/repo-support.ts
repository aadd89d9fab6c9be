// What the businesses repository files share: the database's types, the refusal that rolls a
// transaction back, and the marks a change of business leaves in users' attributes.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export type Db = Kysely<Database>;

export type Tx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

/** Thrown inside a transaction to roll it back when the change is refused. */
export class Refused extends Error {}

export async function updateAttributes(
  tx: Tx,
  userIds: readonly string[],
  mark: (attributes: string) => string,
) {
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
