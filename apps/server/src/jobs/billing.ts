// Billing's jobs every ten minutes: trials and grace periods that ran out, and renewals (ADR 055).
import { runBillingJobs } from '../modules/billing/billing-jobs.js';
import type { BillingDeps } from '../modules/billing/deps.js';
import { schedulePeriodic, type JobLog } from './periodic.js';

export const BILLING_JOBS_EVERY_MS = 10 * 60 * 1000;

export function scheduleBillingJobs(deps: BillingDeps, log: JobLog): () => void {
  return schedulePeriodic(
    'billing',
    () => runBillingJobs(deps),
    (r) => r.trialsEnded + r.locked + r.renewed + r.renewalsFailed + r.ended > 0,
    log,
    BILLING_JOBS_EVERY_MS,
  );
}
