// Runs archive renewal (ADR 089, modules/signature-requests/archive-renewal) in the background:
// soon after start, then every hour. A proof ends years after the margin opens, so an hour is
// plenty; each run looks at a bounded batch of documents, one at a time.
import {
  runArchiveRenewal,
  type ArchiveRenewalDeps,
  type ArchiveRenewalOptions,
} from '../modules/signature-requests/archive-renewal/renew-archives.js';
import { schedulePeriodic, type JobLog } from './periodic.js';

export const ARCHIVE_RENEWAL_EVERY_MS = 60 * 60 * 1000;

export function scheduleArchiveRenewal(
  deps: ArchiveRenewalDeps,
  options: ArchiveRenewalOptions,
  log: JobLog,
  everyMs = ARCHIVE_RENEWAL_EVERY_MS,
): () => void {
  return schedulePeriodic(
    'archive renewal',
    () => runArchiveRenewal(deps, options),
    (result) => result.renewed + result.failed > 0,
    log,
    everyMs,
    60_000,
  );
}
