// The trust hierarchy's store in the database: a `TrustStore` (packages/trust) whose
// putIfAbsent lets two processes starting at once agree on one hierarchy.
import type { Kysely } from 'kysely';
import type { TrustStore } from '@countersign/trust';
import type { Database } from '../../db/schema.js';

export function createDatabaseTrustStore(db: Kysely<Database>, now: () => Date): TrustStore {
  return {
    async get(name) {
      const row = await db
        .selectFrom('trust_objects')
        .select('data')
        .where('name', '=', name)
        .executeTakeFirst();
      return row ? new Uint8Array(row.data) : undefined;
    },
    async put(name, data) {
      const updatedAt = now().toISOString();
      await db
        .insertInto('trust_objects')
        .values({ name, data: Buffer.from(data), updated_at: updatedAt })
        .onConflict((oc) => oc.column('name').doUpdateSet({ data: Buffer.from(data), updated_at: updatedAt }))
        .execute();
    },
    async putIfAbsent(name, data) {
      const result = await db
        .insertInto('trust_objects')
        .values({ name, data: Buffer.from(data), updated_at: now().toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
}
