// SQL of process liveness (ADR 046): the incarnation rows, their heartbeat, and the one test every
// lock, claim and lease applies to its holder: is that incarnation's heartbeat fresh?
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';

/** Rows with a holder column that names an incarnation. */
type HolderRef =
  'document_locks.process_id' | 'signature_requests.completion_mail_claimed_by' | 'mail_outbox.claimed_by';

/**
 * True when `holder` names an incarnation whose heartbeat is newer than `aliveAfter`: its locks,
 * claims and leases stand. A holder that never registered (null, or rows from before liveness)
 * counts as dead.
 */
export function holderAlive(holder: HolderRef, aliveAfter: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from process_incarnations p where p.id = ${sql.ref(holder)} and p.heartbeat_at > ${aliveAfter})`;
}

export async function registerIncarnation(
  db: Kysely<Database>,
  row: { id: string; node: string; pid: number; at: string },
): Promise<void> {
  await db
    .insertInto('process_incarnations')
    .values({ id: row.id, node: row.node, pid: row.pid, started_at: row.at, heartbeat_at: row.at })
    .execute();
}

/** Renews the heartbeat; false when the row is gone (another process judged this one dead). */
export async function beat(db: Kysely<Database>, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('process_incarnations')
    .set({ heartbeat_at: at })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function earlierIncarnations(db: Kysely<Database>, node: string, except: string) {
  return db
    .selectFrom('process_incarnations')
    .select(['id', 'pid', 'started_at', 'heartbeat_at'])
    .where('node', '=', node)
    .where('id', '!=', except)
    .execute();
}

/** Marks incarnations dead (their heartbeat at the epoch), so that anything they hold is free. */
export async function markDead(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('process_incarnations')
    .set({ heartbeat_at: new Date(0).toISOString() })
    .where('id', 'in', ids)
    .execute();
}

/** Forgets incarnations whose heartbeat stopped before `before`: they hold nothing by now. */
export async function forgetIncarnations(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('process_incarnations').where('heartbeat_at', '<', before).execute();
}

export async function removeIncarnation(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('process_incarnations').where('id', '=', id).execute();
}

/** Of `ids`, those whose heartbeat is newer than `aliveAfter`. */
export async function aliveAmong(
  db: Kysely<Database>,
  ids: string[],
  aliveAfter: string,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('process_incarnations')
    .select('id')
    .where('id', 'in', ids)
    .where('heartbeat_at', '>', aliveAfter)
    .execute();
  return new Set(rows.map((r) => r.id));
}
