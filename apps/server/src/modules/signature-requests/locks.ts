// Per-document write locks in the database, so that signatures of one document are written one
// after the other across every server process. A lock expires on its own, so a process killed
// while holding it delays the next signer by at most the lock's lifetime and blocks nobody for
// good. A live holder renews its locks while it works (every third of the lifetime), so a slow
// signature on a busy machine never loses its lock to the next signer; only a dead holder's lock
// runs out. Lock times use the real clock: expiry must pass even in tests with a frozen clock.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/tokens.js';

const WAIT_LIMIT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function tryLock(
  db: Kysely<Database>,
  documentId: string,
  holder: string,
  ttlMs: number,
): Promise<boolean> {
  const now = Date.now();
  // One statement (one commit): take the lock if nobody holds it, or take it over if its
  // holder's time ran out; a live holder's row stays as it is.
  const result = await db
    .insertInto('document_locks')
    .values({ document_id: documentId, holder, expires_at: new Date(now + ttlMs).toISOString() })
    .onConflict((oc) =>
      oc
        .column('document_id')
        .doUpdateSet((eb) => ({
          holder: eb.ref('excluded.holder'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('document_locks.expires_at', '<=', new Date(now).toISOString()),
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

/**
 * Runs `work` holding the locks of all the given documents, taken in a fixed order so two
 * signers of the same documents cannot deadlock; waits for other holders up to 30 s.
 */
export async function withDocumentLocks<T>(
  db: Kysely<Database>,
  documentIds: string[],
  ttlMs: number,
  work: (locks: HeldLocks) => Promise<T>,
): Promise<T> {
  const holder = newId();
  const ordered = [...new Set(documentIds)].sort();
  const held: string[] = [];
  const deadline = Date.now() + WAIT_LIMIT_MS;
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
      while (!(await tryLock(db, id, holder, ttlMs))) {
        if (Date.now() > deadline)
          throw new AppError(
            'signature_request.locked',
            'Another signature is being written; try again shortly',
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
