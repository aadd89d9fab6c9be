// Removing a request's blobs when no row needs them any more. A document's revisions after the
// upload are tails (ADR 032): each stores what it appends to the one before, and only the newest
// is named by a row (documents.current_sha256). So a blob no row names may still be needed as the
// base of another, and each removal here says why the blob it removes is nobody's base.
import type { RequestsDeps } from './deps.js';
import type { RequestRecord } from './model.js';
import * as repo from './repo.js';

type BlobDeps = Pick<RequestsDeps, 'db' | 'blobs'>;

/**
 * Removes a blob unless a row names it, asking again once its files are out of reach: a writer
 * that reuses the same bytes meanwhile keeps them (ADR 034). True when the blob is gone.
 */
async function removeUnlessReferenced(deps: BlobDeps, sha: string): Promise<boolean> {
  const referenced = () => repo.isBlobReferenced(deps.db, sha);
  return !(await referenced()) && (await deps.blobs.remove(sha, referenced));
}

/**
 * Removes a revision this use case has just stored and no row came to point at (its commit was
 * refused, or the work failed part-way). It is new, so nothing extends it; the revision it extends
 * is left alone: another signature may have moved the document on from it meanwhile.
 */
export async function deleteNewRevisionIfUnused(deps: BlobDeps, sha: string): Promise<void> {
  await removeUnlessReferenced(deps, sha);
}

/**
 * Removes uploaded bytes (a document's original, an attachment) unless a row points at them.
 * Bytes also stored as a tail are some request's revision (a signed document downloaded and
 * uploaded again) that a chain may still need, so they are left to the blob sweep, which sees
 * every chain.
 */
export async function deleteUploadIfUnused(deps: BlobDeps, sha: string): Promise<void> {
  if ((await deps.blobs.baseOf(sha)) === undefined) await removeUnlessReferenced(deps, sha);
}

/**
 * Removes the blobs of a deleted request that no other row points at: each document's chain of
 * revisions, newest first, then the originals and attachments. A chain stops early at a revision a
 * row still names (a completion mail waiting in the outbox, the same bytes uploaded elsewhere):
 * that revision and everything it extends, down to and with the original, stay for the sweep to
 * take once nothing needs them. The revisions a request made carry its signers' field names, so no
 * other request's chain passes through them except through such a row.
 */
export async function deleteRequestBlobs(
  deps: BlobDeps,
  request: Pick<RequestRecord, 'documents' | 'attachments'>,
): Promise<void> {
  const originals = new Set(request.documents.map((d) => d.originalSha256));
  const stillExtended = new Set<string>();
  for (const doc of request.documents) {
    for (let sha: string | undefined = doc.currentSha256; sha !== undefined && !originals.has(sha);) {
      const base: string | undefined = await deps.blobs.baseOf(sha);
      if (!(await removeUnlessReferenced(deps, sha))) {
        stillExtended.add(doc.originalSha256);
        break;
      }
      sha = base;
    }
  }
  const uploads = new Set([
    ...[...originals].filter((sha) => !stillExtended.has(sha)),
    ...request.attachments.map((a) => a.sha256),
  ]);
  for (const sha of uploads) await deleteUploadIfUnused(deps, sha);
}
