// Business deletions whose notice ran out and the businesses' retention rules, every hour.
import type { BusinessRepo } from '../modules/businesses/repo.js';
import { runBusinessDeletions, runRetention } from '../modules/businesses/business-jobs.js';
import type { RequestsDeps } from '../modules/signature-requests/deps.js';
import { schedulePeriodic, type JobLog } from './periodic.js';

export const BUSINESS_HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/** One run: deletions first, so a deleted business's retention rule no longer applies. */
export async function runBusinessHousekeeping(
  repo: BusinessRepo,
  requests: RequestsDeps,
  retentionDays: number,
) {
  const deletedBusinesses = await runBusinessDeletions(repo, requests.clock.now());
  const deletedRequests = await runRetention(repo, requests, retentionDays);
  return { deletedBusinesses, deletedRequests };
}

export function scheduleBusinessHousekeeping(
  repo: BusinessRepo,
  requests: RequestsDeps,
  retentionDays: number,
  log: JobLog,
): () => void {
  return schedulePeriodic(
    'business housekeeping',
    () => runBusinessHousekeeping(repo, requests, retentionDays),
    (r) => r.deletedBusinesses + r.deletedRequests > 0,
    log,
    BUSINESS_HOUSEKEEPING_EVERY_MS,
  );
}
