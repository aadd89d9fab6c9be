// Removes mails that failed for good once they have been kept `MAIL_FAILED_KEEP_DAYS` for an
// operator to look at (ADR 013); the blob sweep then takes the attachments only they named.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { purgeFailedMails } from '../providers/mail/outbox.js';
import { schedulePeriodic, type JobLog } from './periodic.js';

export const FAILED_MAIL_PURGE_EVERY_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Purges failed mails older than `keepDays` every `everyMs` until the returned stop function is called. */
export function scheduleFailedMailPurge(
  db: Kysely<Database>,
  keepDays: number,
  log: JobLog,
  everyMs = FAILED_MAIL_PURGE_EVERY_MS,
): () => void {
  return schedulePeriodic(
    'failed mail purge',
    () => purgeFailedMails(db, new Date(Date.now() - keepDays * DAY_MS)),
    (removed) => removed > 0,
    log,
    everyMs,
  );
}
