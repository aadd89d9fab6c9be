// The expiry use cases (ADR 023), run by the job in jobs/expire-requests.ts: open requests past
// their deadline move to expired through the state machine, with a hash-chained event, their
// link tokens die, and the parties hear of it; pending signers of requests close to their
// deadline get one last reminder with a fresh link.
import { hashToken, newSecretToken } from '../../../lib/tokens.js';
import type { RequestsDeps } from '../deps.js';
import { type EventActor } from '../events.js';
import { appendEvent } from '../events-repo.js';
import type { RequestRecord } from '../model.js';
import { notify, partiesToTell, requestViewLink, signerLink } from '../notify.js';
import * as repo from '../repo.js';
import { linkGrantTimes } from '../link-grants.js';
import { nextState } from '../service.js';
import { claimDue, closeExpired, takeReminder } from './repo.js';

const SYSTEM: EventActor = { kind: 'system', id: null, email: null };

export interface ExpiryRunOptions {
  /** PostgreSQL: claim rows with FOR UPDATE SKIP LOCKED so parallel processes share the work. */
  skipLocked: boolean;
  /** Requests handled per transaction. */
  batchSize?: number;
}

/** Expires every overdue open request and sends the due reminders; returns how many of each. */
export async function runRequestExpiry(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'log' | 'mailer' | 'publicUrl'>,
  options: ExpiryRunOptions,
): Promise<{ expired: number; reminded: number }> {
  const batchSize = options.batchSize ?? 20;
  let expired = 0;
  let reminded = 0;
  for (;;) {
    const batch = await expireBatch(deps, batchSize, options.skipLocked);
    expired += batch.done;
    if (batch.claimed < batchSize) break;
  }
  for (;;) {
    const batch = await remindBatch(deps, batchSize, options.skipLocked);
    reminded += batch.done;
    if (batch.claimed < batchSize) break;
  }
  return { expired, reminded };
}

async function expireBatch(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'log' | 'mailer' | 'publicUrl'>,
  batchSize: number,
  skipLocked: boolean,
) {
  const now = deps.clock.now().toISOString();
  const closed: RequestRecord[] = [];
  const claimed = await deps.db.transaction().execute(async (trx) => {
    const ids = await claimDue(trx, 'expires_at', now, batchSize, skipLocked);
    for (const id of ids) {
      const request = await repo.loadRequest(trx, id);
      if (!request) continue;
      nextState(request, { type: 'expire' });
      if (!(await closeExpired(trx, id, now))) continue;
      await repo.endSignerLinks(trx, id, linkGrantTimes(now));
      await appendEvent(trx, id, {
        type: 'expired',
        at: now,
        actor: SYSTEM,
        ip: null,
        data: { expiresAt: request.expiresAt },
      });
      closed.push(request);
    }
    return ids.length;
  });
  // Mail after the commit: a rolled-back expiry must not have been announced.
  for (const request of closed) {
    for (const to of partiesToTell(request)) {
      await notify(deps, request, 'expired', to, {
        link: requestViewLink(deps, request.id),
        ...(request.expiresAt && { deadline: request.expiresAt }),
      });
    }
  }
  return { claimed, done: closed.length };
}

async function remindBatch(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'log' | 'mailer' | 'publicUrl'>,
  batchSize: number,
  skipLocked: boolean,
) {
  const now = deps.clock.now().toISOString();
  const due: { request: RequestRecord; tokens: Map<string, string> }[] = [];
  const claimed = await deps.db.transaction().execute(async (trx) => {
    const ids = await claimDue(trx, 'expiry_reminder_at', now, batchSize, skipLocked);
    for (const id of ids) {
      const request = await repo.loadRequest(trx, id);
      if (!request || !(await takeReminder(trx, id))) continue;
      const pending = request.signers.filter((s) => s.status === 'pending');
      // Tokens are kept only hashed, so the reminder carries a new link, as a manual one does.
      const tokens = new Map(pending.map((s) => [s.id, newSecretToken()]));
      for (const s of pending) await repo.addSignerToken(trx, s.id, hashToken(tokens.get(s.id)!), now);
      await appendEvent(trx, id, {
        type: 'reminded',
        at: now,
        actor: SYSTEM,
        ip: null,
        data: { signers: pending.map((s) => s.email), reason: 'expiry' },
      });
      due.push({ request, tokens });
    }
    return ids.length;
  });
  for (const { request, tokens } of due) {
    for (const s of request.signers.filter((x) => tokens.has(x.id))) {
      await notify(deps, request, 'expiry_reminder', s.email, {
        link: signerLink(deps, request.id, s, tokens.get(s.id)),
        ...(request.expiresAt && { deadline: request.expiresAt }),
      });
    }
  }
  return { claimed, done: due.length };
}
