// Business deletions whose notice ran out, the businesses' retention rules and the domain claims
// that expired unproved (ADR 042), every hour.
import type { BusinessRepo } from '../modules/businesses/repo.js';
import { runBusinessDeletions, runRetention } from '../modules/businesses/business-jobs.js';
import { claimsExpireBefore } from '../modules/businesses/domain-proof.js';
import type { RequestsDeps } from '../modules/signature-requests/deps.js';
import { deleteRetainedRequest } from '../modules/signature-requests/index.js';
import { schedulePeriodic, type JobLog } from './periodic.js';

export const BUSINESS_HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/** One run: deletions first, so a deleted business's retention rule no longer applies. */
export async function runBusinessHousekeeping(
  repo: BusinessRepo,
  requests: Pick<RequestsDeps, 'blobs' | 'clock' | 'db'>,
  days: { retention: number; domainClaim: number },
) {
  const deletedBusinesses = await runBusinessDeletions(repo, requests.clock.now());
  const deletedRequests = await runRetention(
    repo,
    (id) => deleteRetainedRequest(requests, id),
    requests.clock.now(),
    days.retention,
  );
  const expiredDomainClaims = await repo.deleteExpiredClaims(
    claimsExpireBefore(requests.clock.now(), days.domainClaim),
  );
  return { deletedBusinesses, deletedRequests, expiredDomainClaims };
}

export function scheduleBusinessHousekeeping(
  repo: BusinessRepo,
  requests: Pick<RequestsDeps, 'blobs' | 'clock' | 'db'>,
  days: { retention: number; domainClaim: number },
  log: JobLog,
): () => void {
  return schedulePeriodic(
    'business housekeeping',
    () => runBusinessHousekeeping(repo, requests, days),
    (r) => r.deletedBusinesses + r.deletedRequests + r.expiredDomainClaims > 0,
    log,
    BUSINESS_HOUSEKEEPING_EVERY_MS,
  );
}
