// Sending a bulk send's rows in the background (ADR 080). A worker holds a lease on the bulk send,
// renewed row by row; a worker that dies lets it run out and the next takes over. Each row moves
// pending -> created in the transaction that makes its request (so a row makes one request, ever)
// and created -> sent once the request is sent; a row found created after a crash is only sent,
// and a request already sent counts as sent. A row that fails is recorded with its reason and the
// others go on.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Failpoint } from '../../lib/failpoint.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import { resolveUse, type TemplateRecord, type TemplateUse } from '../templates/index.js';
import type { BulkSendRecord, BulkSendRepo, RowRecord } from './repo.js';

/** How the rows' requests are made and sent: signature-requests' own use cases (composition root). */
export interface BulkSender {
  makeDraft(
    principal: PersonPrincipal,
    template: TemplateRecord,
    use: TemplateUse,
    alongside: (trx: Transaction<Database>, requestId: string) => Promise<void>,
  ): Promise<string>;
  send(principal: PersonPrincipal, requestId: string, reminderDays: number | null): Promise<void>;
  /** the owner's address, for the principal the rows are sent as */
  emailOf(userId: string): Promise<string | undefined>;
}

export interface RunDeps {
  bulkSends: BulkSendRepo;
  clock: Clock;
  sender: BulkSender;
  log: { error(obj: unknown, msg: string): void };
  /** how long a lease lasts without renewal */
  leaseMs: number;
  /** `bulk_send.row_created`: a row's request is made and not yet sent (crash tests stop there) */
  failpoint: Failpoint;
}

const BATCH = 50;

class RowTaken extends Error {}

/** The owner as the rows are sent: a person of their business (checked when the CSV was). */
function principalOf(b: BulkSendRecord, email: string): PersonPrincipal {
  return {
    kind: 'person',
    userId: b.ownerId,
    email,
    sessionId: `bulk-send:${b.id}`,
    membership: b.businessId ? { businessId: b.businessId, role: 'member' } : null,
    tenant: b.businessId ? { businessId: b.businessId, status: 'active' } : null,
    ip: '',
  };
}

async function sendRow(deps: RunDeps, b: BulkSendRecord, principal: PersonPrincipal, row: RowRecord) {
  let requestId = row.requestId;
  if (row.status === 'pending') {
    const use = resolveUse(b.template, { ...row.data, observers: [] }, deps.clock.now());
    requestId = await deps.sender.makeDraft(principal, b.template, use, async (trx, id) => {
      if (!(await deps.bulkSends.markCreated(trx, b.id, row.row, id))) throw new RowTaken();
    });
    await deps.failpoint('bulk_send.row_created');
  }
  try {
    await deps.sender.send(principal, requestId!, b.template.defaults.reminderDays);
  } catch (err) {
    // sent before a crash, not yet marked: it counts as sent
    if (!(err instanceof AppError && err.code === 'signature_request.invalid_transition')) throw err;
  }
  await deps.bulkSends.markSent(b.id, row.row, deps.clock.now().toISOString());
}

/**
 * Works on one bulk send while this worker holds its lease, up to `maxRows` rows (tests stop a
 * worker part-way, as a crash would); true when it finished.
 */
export async function runBulkSend(
  deps: RunDeps,
  id: string,
  options: { worker?: string; maxRows?: number } = {},
): Promise<boolean> {
  const worker = options.worker ?? randomUUID();
  const claim = () => {
    const now = deps.clock.now();
    return deps.bulkSends.claim(
      id,
      worker,
      now.toISOString(),
      new Date(now.getTime() + deps.leaseMs).toISOString(),
    );
  };
  if (!(await claim())) return false;
  const b = (await deps.bulkSends.find(id))!;
  const principal = principalOf(b, (await deps.sender.emailOf(b.ownerId)) ?? '');
  let budget = options.maxRows ?? Infinity;
  for (;;) {
    const rows = await deps.bulkSends.openRows(id, Math.min(BATCH, budget));
    if (rows.length === 0) break;
    for (const row of rows) {
      try {
        await sendRow(deps, b, principal, row);
      } catch (err) {
        if (err instanceof RowTaken) return false;
        if (!(err instanceof AppError))
          deps.log.error({ err, bulkSendId: id, row: row.row }, 'a bulk send row failed');
        await deps.bulkSends.markFailed(id, row.row, [
          { column: null, code: 'send_failed', message: err instanceof AppError ? err.code : 'internal' },
        ]);
      }
      budget--;
      // another worker took over (this one was too slow to renew): it goes on from here
      if (!(await claim())) return false;
    }
    if (budget <= 0) return false;
  }
  return deps.bulkSends.finishIfDone(id, deps.clock.now().toISOString());
}

/** Every running bulk send no live worker holds (after a crash, or started elsewhere); how many finished. */
export async function runDueBulkSends(deps: RunDeps): Promise<number> {
  let finished = 0;
  for (const id of await deps.bulkSends.unclaimed(deps.clock.now().toISOString(), 10))
    if (await runBulkSend(deps, id)) finished++;
  return finished;
}
