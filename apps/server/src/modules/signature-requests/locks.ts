// Per-document write locks in the database, so that signatures of one document are written one
// after the other across every server process. A lock names the process incarnation holding it
// (ADR 046) and stands only while that incarnation's heartbeat is fresh: a lock of a process that
// was killed is taken over a few seconds after its last beat, or at once by the process that
// restarts in its place. A lock also expires after its lifetime, which a live holder renews while
// it works (every third of the lifetime), so a holder stuck for good cannot block a document
// either. A signer waits for a live holder a few seconds at most, then gets 409
// `signature_request.locked` with Retry-After. Lock times use the real clock: expiry must pass
// even in tests with a frozen clock.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/tokens.js';
import type { Liveness } from '../../liveness/incarnation.js';
import { holderAlive } from '../../liveness/repo.js';

/** How long a signer waits at most for a live holder of one of the documents. */
export const LOCK_WAIT_MS = 5_000;
/** What the refusal tells the client to wait before trying again. */
export const LOCKED_RETRY_AFTER_S = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function tryLock(
  db: Kysely<Database>,
  documentId: string,
  holder: string,
  liveness: Liveness,
  ttlMs: number,
): Promise<boolean> {
  const now = Date.now();
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

async function release(
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

async function renew(db: Kysely<Database>, documentIds: string[], holder: string, ttlMs: number) {
  if (documentIds.length === 0) return;
  await db
    .updateTable('document_locks')
    .set({ expires_at: new Date(Date.now() + ttlMs).toISOString() })
    .where('document_id', 'in', documentIds)
    .where('holder', '=', holder)
    .execute();
}

/** What the work done under the locks can do with them. */
export interface HeldLocks {
  /**
   * Releases the locks inside the transaction that commits the work, saving a commit of its
   * own; call `released()` once that transaction has committed (if it rolls back, the locks
   * are still held and released as usual at the end).
   */
  releaseWithin(trx: Transaction<Database>): Promise<void>;
  released(): void;
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

/**
 * Runs `work` holding the locks of all the given documents, taken in a fixed order so two
 * signers of the same documents cannot deadlock; waits for live holders up to `waitMs`.
 */
export async function withDocumentLocks<T>(
  db: Kysely<Database>,
  liveness: Liveness,
  documentIds: string[],
  options: { ttlMs: number; waitMs?: number },
  work: (locks: HeldLocks) => Promise<T>,
): Promise<T> {
  const { ttlMs } = options;
  const holder = newId();
  const ordered = [...new Set(documentIds)].sort();
  const held: string[] = [];
  const deadline = Date.now() + (options.waitMs ?? LOCK_WAIT_MS);
  let renewal: Promise<void> = Promise.resolve();
  const heartbeat = setInterval(
    () => {
      renewal = renewal.then(() => renew(db, [...held], holder, ttlMs)).catch(() => undefined);
    },
    Math.max(100, Math.floor(ttlMs / 3)),
  );
  try {
    for (const id of ordered) {
      let delay = 20;
      while (!(await tryLock(db, id, holder, liveness, ttlMs))) {
        if (Date.now() > deadline)
          throw new AppError(
            'signature_request.locked',
            'Another signature is being written; try again shortly',
            {
              retryAfterSeconds: LOCKED_RETRY_AFTER_S,
            },
          );
        await sleep(delay + Math.random() * delay);
        delay = Math.min(delay * 2, 250);
      }
      held.push(id);
    }
    return await work({
      releaseWithin: (trx) => release(trx, [...held], holder),
      released: () => held.splice(0),
    });
  } finally {
    clearInterval(heartbeat);
    await renewal;
    await release(db, held, holder);
  }
}
