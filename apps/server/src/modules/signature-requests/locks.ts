// Per-document write locks in the database, so that signatures of one document are written one
// after the other across every server process. A lock names the process incarnation holding it
// (ADR 046) and stands only while that incarnation's heartbeat is fresh: a lock of a process that
// was killed is taken over a few seconds after its last beat, or at once by the process that
// restarts in its place. A lock also expires after its lifetime, which a live holder renews while
// it works (every third of the lifetime), so a holder stuck for good cannot block a document
// either. A signer waits for a live holder a few seconds at most, then gets 409
// `signature_request.locked` with Retry-After. Lock times and waits read a clock of their own
// (`options.clock`, the system clock unless a test hands in one it moves): never the use cases'
// clock, which tests freeze, since expiry must pass while a test's business day stands still.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/tokens.js';
import type { Liveness } from '../../liveness/incarnation.js';
import { releaseLocks, renewLocks, tryLock } from './locks-repo.js';

/** How long a signer waits at most for a live holder of one of the documents. */
export const LOCK_WAIT_MS = 5_000;
/** What the refusal tells the client to wait before trying again. */
export const LOCKED_RETRY_AFTER_S = 2;

const expiryAt = (clock: Clock, ttlMs: number) => new Date(clock.now().getTime() + ttlMs).toISOString();

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
 * signers of the same documents cannot deadlock; waits for live holders up to `waitMs`.
 */
export async function withDocumentLocks<T>(
  db: Kysely<Database>,
  liveness: Liveness,
  documentIds: string[],
  options: { ttlMs: number; waitMs?: number; clock?: Clock },
  work: (locks: HeldLocks) => Promise<T>,
): Promise<T> {
  const { ttlMs, clock = systemClock } = options;
  const holder = newId();
  const ordered = [...new Set(documentIds)].sort();
  const held: string[] = [];
  const deadline = clock.now().getTime() + (options.waitMs ?? LOCK_WAIT_MS);
  let renewal: Promise<void> = Promise.resolve();
  const heartbeat = setInterval(
    () => {
      renewal = renewal
        .then(() => renewLocks(db, [...held], holder, expiryAt(clock, ttlMs)))
        .catch(() => undefined);
    },
    Math.max(100, Math.floor(ttlMs / 3)),
  );
  try {
    for (const id of ordered) {
      let delay = 20;
      while (!(await tryLock(db, id, holder, liveness, clock.now(), ttlMs))) {
        if (clock.now().getTime() > deadline)
          throw new AppError(
            'signature_request.locked',
            'Another signature is being written; try again shortly',
            {
              retryAfterSeconds: LOCKED_RETRY_AFTER_S,
            },
          );
        await clock.sleep(delay + Math.random() * delay);
        delay = Math.min(delay * 2, 250);
      }
      held.push(id);
    }
    return await work({
      releaseWithin: (trx) => releaseLocks(trx, [...held], holder),
      released: () => held.splice(0),
    });
  } finally {
    clearInterval(heartbeat);
    await renewal;
    await releaseLocks(db, held, holder);
  }
}
