// Where the product's changes become webhook events (ADR 069). Each writer calls one of these in
// the transaction of its change, so the delivery rows (the outbox) are committed with it or not at
// all. A request's events follow its audit log (`appendEvents`), so one hook covers every path
// that sends, signs, declines, withdraws, expires or completes a request; the endpoints told are
// those of the request's sender and of the sender's business.
import type { RequestEventType } from '@countersign/domain';
import type { WebhookEventType } from '@countersign/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { enqueueForAccount, enqueueForRequest, markFirstView } from './delivery-repo.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The audit log's events that integrators hear of, by their webhook name. */
const FROM_REQUEST_EVENT: Partial<Record<RequestEventType, WebhookEventType>> = {
  initiated: 'signature_request.sent',
  signed: 'signature_request.signed',
  declined: 'signature_request.declined',
  withdrawn: 'signature_request.withdrawn',
  expired: 'signature_request.expired',
  completed: 'signature_request.completed',
};

export interface RequestEventFacts {
  type: RequestEventType;
  at: string;
  actor: { email: string | null };
  data?: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Called by `appendEvents` with the events it appends, in its transaction. */
export async function recordRequestEvents(db: Db, requestId: string, events: readonly RequestEventFacts[]) {
  for (const event of events) {
    const type = FROM_REQUEST_EVENT[event.type];
    if (!type) continue;
    const data = event.data ?? {};
    // who signed or declined: the signed event names the signer, a decline is the signer's own act
    const signer =
      type === 'signature_request.signed'
        ? { email: text(data['signer']), name: text(data['name']) }
        : type === 'signature_request.declined'
          ? { email: event.actor.email ?? undefined }
          : undefined;
    await enqueueForRequest(db, requestId, {
      type,
      at: event.at,
      data: { signature_request_id: requestId, ...(signer?.email && { signer }) },
    });
  }
}

/** A signer opened the request for the first time (link or account): `viewed`, once per signer. */
export async function recordSignerView(
  db: Db,
  facts: { requestId: string; signerId: string; email: string; at: string },
): Promise<void> {
  if (!(await markFirstView(db, facts.signerId, facts.at))) return;
  await enqueueForRequest(db, facts.requestId, {
    type: 'signature_request.viewed',
    at: facts.at,
    data: { signature_request_id: facts.requestId, signer: { email: facts.email } },
  });
}

/** A person's identification ended (success or failure): told to them and to their business. */
export async function recordIdentificationFinished(
  db: Db,
  facts: { userId: string; identificationId: string; at: string; method: string; outcome: string },
): Promise<void> {
  await enqueueForAccount(db, facts.userId, {
    type: 'identification.finished',
    at: facts.at,
    data: { identification_id: facts.identificationId, method: facts.method, outcome: facts.outcome },
  });
}

/** A business's retention rule deleted a request with its documents (before the row goes). */
export async function recordRetentionDeletion(db: Db, requestId: string, at: string): Promise<void> {
  await enqueueForRequest(db, requestId, {
    type: 'signature_request.deleted',
    at,
    data: { signature_request_id: requestId, reason: 'retention' },
  });
}
