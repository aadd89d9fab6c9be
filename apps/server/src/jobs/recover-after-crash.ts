// Start-up recovery (ADR 046): what this process's earlier incarnations held when they died is
// taken back at once, instead of waiting for their heartbeat to age: their document locks are
// freed, their completion-mail claims released (the completion job, which runs a moment after
// start, then sends those mails), and the mails they were delivering put back in the queue.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { releaseClaimsOf } from '../modules/signature-requests/completion/repo.js';
import { releaseLocksOf } from '../modules/signature-requests/locks.js';
import { releaseLeasesOf } from '../providers/mail/outbox.js';

export interface TakenBack {
  locks: number;
  completionMails: number;
  mails: number;
}

/** Frees what the dead incarnations `previous` held; returns how much there was. */
export async function takeBack(db: Kysely<Database>, previous: string[], now: Date): Promise<TakenBack> {
  return {
    locks: await releaseLocksOf(db, previous),
    completionMails: await releaseClaimsOf(db, previous),
    mails: await releaseLeasesOf(db, previous, now),
  };
}
