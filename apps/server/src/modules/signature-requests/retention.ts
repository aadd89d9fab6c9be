// A request a business's retention rule no longer keeps (spec 3, signatureRequests.retention):
// deleted with its documents and files, as the owner's own deletion would.
import { deleteRequestBlobs } from './blob-removal.js';
import type { RequestsDeps } from './deps.js';
import { deleteRequest, loadRequest } from './repo.js';

/** Deletes the request; false when it is gone or its state changed since it was read. */
export async function deleteRetainedRequest(
  deps: Pick<RequestsDeps, 'db' | 'blobs'>,
  requestId: string,
): Promise<boolean> {
  const request = await loadRequest(deps.db, requestId);
  // compare-and-set on the state: a request changed meanwhile is left for the next run
  if (!request || !(await deleteRequest(deps.db, requestId, request.status))) return false;
  await deleteRequestBlobs(deps, request);
  return true;
}
