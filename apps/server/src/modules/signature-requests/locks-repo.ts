// The SQL of the per-document signing locks (locks.ts, ADR 046): take or take over in one upsert,
// renew, release, free a dead incarnation's, and tell whether a live lock stands.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Liveness } from '../../liveness/incarnation.js';
import { holderAlive } from '../../liveness/repo.js';

export async function tryLock(
  db: Kysely<Database>,
  documentId: string,
  holder: string,
  liveness: Liveness,
  at: Date,
  ttlMs: number,
): Promise<boolean> {
  const now = at.getTime();
  // One statement (one commit): take the lock if nobody holds it, or take it over if its
  // holder's process is dead or its time ran out; a live holder's row stays as it is.
  const result = await db
    .insertInto('document_locks')
    .values({
      document_id: documentId,
      holder,
      process_id: liveness.id,
      expires_at: new Date(now + ttlMs).toISOString(),
    })
    .onConflict((oc) =>
      oc
        .column('document_id')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          process_id: eb.ref('excluded.process_id'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where((eb) =>
          eb.or([
            eb('document_locks.expires_at', '<=', new Date(now).toISOString()),
            eb.not(holderAlive('document_locks.process_id', liveness.aliveAfter())),
          ]),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function releaseLocks(
  db: Kysely<Database> | Transaction<Database>,
  documentIds: string[],
  holder: string,
): Promise<void> {
  if (documentIds.length === 0) return;
  await db
    .deleteFrom('document_locks')
    .where('document_id', 'in', documentIds)
    .where('holder', '=', holder)
    .execute();
}

export async function renewLocks(
  db: Kysely<Database>,
  documentIds: string[],
  holder: string,
  expiresAt: string,
) {
  if (documentIds.length === 0) return;
  await db
    .updateTable('document_locks')
    .set({ expires_at: expiresAt })
    .where('document_id', 'in', documentIds)
    .where('holder', '=', holder)
    .execute();
}

/** Frees every lock the given (dead) incarnations held: the take-back at start (ADR 046). */
export async function releaseLocksOf(db: Kysely<Database>, processIds: string[]): Promise<number> {
  if (processIds.length === 0) return 0;
  const result = await db
    .deleteFrom('document_locks')
    .where('process_id', 'in', processIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The latest expiry of a live lock on any of these documents; undefined when none stands. */
export async function liveLockUntil(
  db: Kysely<Database>,
  documentIds: readonly string[],
  now: string,
  liveness: Pick<Liveness, 'aliveAfter'>,
): Promise<string | undefined> {
  if (documentIds.length === 0) return undefined;
  const lock = await db
    .selectFrom('document_locks')
    .select('expires_at')
    .where('document_id', 'in', [...documentIds])
    .where('expires_at', '>', now)
    // a dead process's lock is no lock: the next signer takes it over (ADR 046)
    .where(holderAlive('document_locks.process_id', liveness.aliveAfter()))
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  return lock?.expires_at;
}
