// A request a business's retention rule no longer keeps (spec 3, signatureRequests.retention):
// deleted with its documents and files, as the owner's own deletion would. The integrators hear
// of the deletion in the deletion's own transaction (ADR 069).
import { recordRetentionDeletion } from '../webhooks/index.js';
import { deleteRequestBlobs } from './blob-removal.js';
import type { RequestsDeps } from './deps.js';
import { deleteRequest, loadRequest } from './repo.js';

/** Rolls back a deletion whose request moved on meanwhile. */
class StaleRequest extends Error {}

/** Deletes the request; false when it is gone or its state changed since it was read. */
export async function deleteRetainedRequest(
  deps: Pick<RequestsDeps, 'db' | 'blobs' | 'clock'>,
  requestId: string,
): Promise<boolean> {
  const request = await loadRequest(deps.db, requestId);
  if (!request) return false;
  const at = deps.clock.now().toISOString();
  const removed = await deps.db
    .transaction()
    .execute(async (trx) => {
      // the event is queued while the request (and its sender) can still be read
      await recordRetentionDeletion(trx, requestId, at);
      // compare-and-set on the state: a request changed meanwhile is left for the next run
      if (await deleteRequest(trx, requestId, request.status)) return true;
      throw new StaleRequest();
    })
    .catch((err: unknown) => {
      if (err instanceof StaleRequest) return false;
      throw err;
    });
  if (!removed) return false;
  await deleteRequestBlobs(deps, request);
  return true;
}
