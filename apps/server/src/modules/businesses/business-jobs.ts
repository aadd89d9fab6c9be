// The background work of business accounts: deletions whose notice has run out, and the
// retention rule (spec 3, signatureRequests.retention), which deletes the requests of a business's
// people that ended in the chosen terminal state more than BUSINESS_RETENTION_DAYS ago, with their
// documents and files, as the owner's own deletion would.
import type { RequestsDeps } from '../signature-requests/deps.js';
import { deleteRequestBlobs } from '../signature-requests/blob-removal.js';
import { deleteRequest, loadRequest } from '../signature-requests/repo.js';
import type { BusinessRepo } from './repo.js';
import { recordRetentionDeletion } from '../webhooks/record.js';

/** Rolls back a deletion whose request moved on meanwhile. */
class StaleRequest extends Error {}

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

export const markBusinessDeleted = (attributes: string): string =>
  JSON.stringify({ ...JSON.parse(attributes), businessDeleted: true, acceptedBusinessInvite: false });

/** Deletes every business whose deletion is due; how many. */
export async function runBusinessDeletions(repo: BusinessRepo, now: Date): Promise<number> {
  let deleted = 0;
  for (const id of await repo.findDueDeletions(now.toISOString())) {
    if (await repo.deleteBusiness(id, now.toISOString(), markBusinessDeleted)) deleted++;
  }
  return deleted;
}

/** Applies every business's retention rule; how many requests were deleted. */
export async function runRetention(
  repo: BusinessRepo,
  requests: RequestsDeps,
  retentionDays: number,
): Promise<number> {
  const cutoff = new Date(requests.clock.now().getTime() - retentionDays * DAY_MS).toISOString();
  let deleted = 0;
  for (const rule of await repo.listRetentionRules()) {
    for (;;) {
      const ids = await repo.findRetainedRequests(rule.businessId, rule.terminalState, cutoff, BATCH);
      let progressed = false;
      for (const id of ids) {
        const request = await loadRequest(requests.db, id);
        if (!request) continue;
        // the integrators hear of the deletion in its own transaction (ADR 069)
        const at = requests.clock.now().toISOString();
        const removed = await requests.db
          .transaction()
          .execute(async (trx) => {
            await recordRetentionDeletion(trx, id, at);
            // compare-and-set: nothing is recorded for a request changed meanwhile
            if (await deleteRequest(trx, id, request.status)) return true;
            throw new StaleRequest();
          })
          .catch((err: unknown) => {
            if (err instanceof StaleRequest) return false;
            throw err;
          });
        if (!removed) continue;
        await deleteRequestBlobs(requests, request);
        deleted++;
        progressed = true;
      }
      if (ids.length < BATCH || !progressed) break;
    }
  }
  return deleted;
}
