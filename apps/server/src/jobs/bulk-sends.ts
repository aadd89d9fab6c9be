// Sends the rows of running bulk sends that no live worker holds, every few seconds (ADR 080): a
// bulk send started on a process that died is taken over once its lease runs out.
import { runDueBulkSends, type RunDeps } from '../modules/bulk-send/index.js';
import { schedulePeriodic, type JobLog } from './periodic.js';

export const BULK_SEND_EVERY_MS = 5_000;

export function scheduleBulkSends(deps: RunDeps, log: JobLog, everyMs = BULK_SEND_EVERY_MS): () => void {
  return schedulePeriodic(
    'bulk sends',
    () => runDueBulkSends(deps),
    (n) => n > 0,
    log,
    everyMs,
    2_000,
  );
}
