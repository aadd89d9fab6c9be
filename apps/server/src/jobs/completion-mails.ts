// Sends the completion mails a process left due when it died between completing a request and
// queueing its mail (ADR 027); normally the completing process sends them itself at once.
import {
  sendDueCompletionMails,
  type CompletionMailDeps,
} from '../modules/signature-requests/completion/completion-mail.js';
import { schedulePeriodic, type JobLog } from './periodic.js';

export const COMPLETION_MAILS_EVERY_MS = 60 * 1000;

export function scheduleCompletionMails(
  deps: CompletionMailDeps,
  log: JobLog,
  everyMs = COMPLETION_MAILS_EVERY_MS,
  firstAfterMs?: number,
): () => void {
  return schedulePeriodic(
    'completion mails',
    () => sendDueCompletionMails(deps),
    (sent) => sent > 0,
    log,
    everyMs,
    firstAfterMs,
  );
}
