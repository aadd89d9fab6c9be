// Start-up recovery (ADR 046): what this process's earlier incarnations held when they died is
// taken back at once, instead of waiting for their heartbeat to age: their document locks are
// freed, their completion-mail claims released (the completion job, which runs a moment after
// start, then sends those mails), and the mails they were delivering put back in the queue.
// Then the files any dead incarnation left (this node's or another's on the same database) are
// tidied: its temporary files deleted (the blob store's and the page-image cache's), the blobs
// it set aside put back or deleted, and the blobs it created that no row names (an upload or a
// revision it never committed) removed. What a live process is writing carries its own
// incarnation in its names and is left alone.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Liveness } from '../liveness/incarnation.js';
import { aliveAmong } from '../liveness/repo.js';
import type { BlobStore } from '../storage/blob-store.js';
import { schedulePeriodic, type JobLog } from './periodic.js';
import { sweepUnreferencedBlobs } from './sweep-blobs.js';
import { temporaryPageImages, tidyPageImages } from '../storage/page-cache.js';
import { releaseClaimsOf } from '../modules/signature-requests/completion/repo.js';
import { releaseLocksOf } from '../modules/signature-requests/locks-repo.js';
import { releaseLeasesOf } from '../providers/mail/outbox.js';

export interface TakenBack {
  locks: number;
  completionMails: number;
  mails: number;
}

/** Frees what the dead incarnations `previous` held; returns how much there was. */
export async function takeBack(db: Kysely<Database>, previous: string[], now: Date): Promise<TakenBack> {
  return {
    locks: await releaseLocksOf(db, previous),
    completionMails: await releaseClaimsOf(db, previous),
    mails: await releaseLeasesOf(db, previous, now),
  };
}

/**
 * Tidies the blob files of every dead incarnation, and its temporary page images under
 * `cacheDir`; returns how many incarnations, temporary files, and blobs.
 */
export async function recoverBlobs(
  db: Kysely<Database>,
  blobs: BlobStore,
  liveness: Liveness,
  now: Date,
  cacheDir?: string,
): Promise<{ writers: number; files: number; removed: number }> {
  const images = cacheDir ? await temporaryPageImages(cacheDir) : new Map<string, string[]>();
  const writers = new Set([...(await blobs.writers()), ...images.keys()]);
  writers.delete(liveness.id);
  writers.delete('');
  const alive = await aliveAmong(db, [...writers], liveness.aliveAfter());
  const dead = new Set([...writers].filter((w) => !alive.has(w)));
  const imageFiles = await tidyPageImages(images, dead, now);
  if (dead.size === 0) return { writers: 0, files: imageFiles, removed: 0 };
  // only the dead writers' files, however young
  const files = (await blobs.tidy(new Date(0), dead)) + imageFiles;
  const written = await blobs.writtenBy(dead);
  const { removed } =
    written.size > 0 ? await sweepUnreferencedBlobs(db, blobs, now, 0, written) : { removed: 0 };
  await blobs.forgetWriters(dead);
  return { writers: dead.size, files, removed };
}

/** Blob recovery right after start, then every few minutes for processes that die elsewhere. */
export function scheduleBlobRecovery(
  db: Kysely<Database>,
  blobs: BlobStore,
  liveness: Liveness,
  log: JobLog,
  cacheDir: string,
  everyMs = 5 * 60 * 1000,
): () => void {
  return schedulePeriodic(
    'blob recovery',
    () => recoverBlobs(db, blobs, liveness, new Date(), cacheDir),
    (result) => result.writers > 0 || result.files > 0,
    log,
    everyMs,
    0,
  );
}
