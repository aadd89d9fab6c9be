// Removes blobs no document or attachment points at. A blob is written before the row that refers to it, so a
// process that dies in between (or a transaction that loses a race) leaves one behind; the grace
// period keeps the sweep away from blobs whose row is still being written.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { BlobStore } from '../storage/blob-store.js';
import { isBlobReferenced } from '../modules/signature-requests/repo.js';

export const BLOB_SWEEP_GRACE_MS = 60 * 60 * 1000;

export async function sweepUnreferencedBlobs(
  db: Kysely<Database>,
  blobs: BlobStore,
  now: Date,
  graceMs = BLOB_SWEEP_GRACE_MS,
): Promise<{ checked: number; removed: number }> {
  let checked = 0;
  let removed = 0;
  for await (const blob of blobs.list()) {
    checked++;
    if (now.getTime() - blob.writtenAt.getTime() < graceMs) continue;
    if (!(await isBlobReferenced(db, blob.sha256))) {
      await blobs.delete(blob.sha256);
      removed++;
    }
  }
  return { checked, removed };
}

/** Runs the sweep every `everyMs` in this process until the returned stop function is called. */
export function scheduleBlobSweep(
  db: Kysely<Database>,
  blobs: BlobStore,
  log: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void },
  everyMs = 6 * 60 * 60 * 1000,
): () => void {
  const run = () =>
    sweepUnreferencedBlobs(db, blobs, new Date())
      .then((result) => log.info(result, 'blob sweep done'))
      .catch((err: unknown) => log.error({ err }, 'blob sweep failed'));
  const timer = setInterval(run, everyMs);
  timer.unref();
  setTimeout(run, 60_000).unref();
  return () => clearInterval(timer);
}
