// Removes blobs no row points at and no kept revision extends. A blob is written before the row
// that refers to it, so a process that dies in between (or a transaction that loses a race) leaves
// one behind; the grace period keeps the sweep away from blobs whose row is still being written.
// A revision stored as a tail (ADR 032) needs the chain of blobs it extends, which no row names:
// whatever a kept blob extends is kept too.
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
  /** only these blobs, whatever their age: those a dead process wrote (start-up recovery, ADR 046) */
  only?: Set<string>,
): Promise<{ checked: number; removed: number }> {
  // leftovers of a process that died mid-write or mid-removal first: a blob set aside goes back
  // under its name, and is then judged below like any other
  if (!only) await blobs.tidy(new Date(now.getTime() - graceMs));
  const { checked, unneeded } = await findUnneededBlobs(db, blobs, now, graceMs, only);
  let removed = 0;
  for (const sha of unneeded) {
    // a row that named it since it was checked (the same bytes uploaded again) keeps it
    if (await blobs.remove(sha, () => isBlobReferenced(db, sha))) removed++;
  }
  return { checked, removed };
}

/**
 * The blobs older than `graceMs` (of `only`, when given, whatever their age) that no row names
 * and no kept revision extends: what the sweep removes. Reads only; crash tests list with it
 * the orphans a killed process left.
 */
export async function findUnneededBlobs(
  db: Kysely<Database>,
  blobs: BlobStore,
  now: Date,
  graceMs = BLOB_SWEEP_GRACE_MS,
  only?: Set<string>,
): Promise<{ checked: number; unneeded: string[] }> {
  let checked = 0;
  const unreferenced = new Set<string>();
  for await (const blob of blobs.list()) {
    if (only && !only.has(blob.sha256)) continue;
    checked++;
    if (!only && now.getTime() - blob.writtenAt.getTime() < graceMs) continue;
    if (!(await isBlobReferenced(db, blob.sha256))) unreferenced.add(blob.sha256);
  }
  // The links are read from a second listing, made after every row was checked: a signature
  // that committed meanwhile moved its document's row from a revision (checked, and now named by
  // no row) to a new tail that extends it, and that tail is written before its commit, so this
  // listing holds it and keeps the revision it extends.
  const baseOf = new Map<string, string>();
  for await (const blob of blobs.list()) if (blob.base !== undefined) baseOf.set(blob.sha256, blob.base);
  const kept = new Set<string>();
  for (const tail of baseOf.keys()) {
    if (unreferenced.has(tail)) continue;
    for (let sha = baseOf.get(tail); sha !== undefined && !kept.has(sha); sha = baseOf.get(sha))
      kept.add(sha);
  }
  return { checked, unneeded: [...unreferenced].filter((sha) => !kept.has(sha)) };
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
