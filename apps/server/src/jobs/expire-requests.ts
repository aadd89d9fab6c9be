// Runs request expiry (ADR 023, modules/signature-requests/expiry) in the background: once soon
// after start, then every `everyMs`. A deadline is honoured to within one interval; signing
// checks the deadline itself, so nobody signs late in between.
import type { RequestsDeps } from '../modules/signature-requests/deps.js';
import {
  runRequestExpiry,
  type ExpiryRunOptions,
} from '../modules/signature-requests/expiry/expire-requests.js';
import { schedulePeriodic, type JobLog } from './periodic.js';

export const REQUEST_EXPIRY_EVERY_MS = 60 * 1000;

/** Runs expiry every `everyMs` in this process until the returned stop function is called. */
export function scheduleRequestExpiry(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'log' | 'mailer' | 'publicUrl'>,
  options: ExpiryRunOptions,
  log: JobLog,
  everyMs = REQUEST_EXPIRY_EVERY_MS,
): () => void {
  return schedulePeriodic(
    'request expiry',
    () => runRequestExpiry(deps, options),
    (result) => result.expired + result.reminded > 0,
    log,
    everyMs,
  );
}
