// The background work of business accounts: deletions whose notice has run out, and the
// retention rule (spec 3, signatureRequests.retention), which deletes the requests of a business's
// people that ended in the chosen terminal state more than BUSINESS_RETENTION_DAYS ago, with their
// documents and files, as the owner's own deletion would.
import type { BusinessRepo } from './repo.js';

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

/**
 * Deletes one ended request with its documents and files, unless it changed meanwhile (then
 * false): the signature-requests module's, handed in by the caller (ADR 068).
 */
export type DeleteEndedRequest = (requestId: string) => Promise<boolean>;

/** Applies every business's retention rule; how many requests were deleted. */
export async function runRetention(
  repo: BusinessRepo,
  deleteEndedRequest: DeleteEndedRequest,
  now: Date,
  retentionDays: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let deleted = 0;
  for (const rule of await repo.listRetentionRules()) {
    for (;;) {
      const ids = await repo.findRetainedRequests(rule.businessId, rule.terminalState, cutoff, BATCH);
      let progressed = false;
      for (const id of ids) {
        // a request changed meanwhile is left for the next run
        if (!(await deleteEndedRequest(id))) continue;
        deleted++;
        progressed = true;
      }
      if (ids.length < BATCH || !progressed) break;
    }
  }
  return deleted;
}
