// SQL of webhook deliveries, the outbox (ADR 069): rows written in the transaction of the change
// they tell of, claimed under a lease by whichever server's job comes first (a compare-and-set on
// the lease, so two servers never send one at once on either database), and finished by the
// lease's holder only. A holder that dies leaves its lease to run out; the delivery is sent again
// with the same webhook-id.
import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { WebhookDelivery, WebhookEventType } from '@countersign/contract';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/tokens.js';
import type { WebhookDeliveriesTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  url: string;
  messageId: string;
  payload: string;
  attempts: number;
}

export function presentDelivery(row: Selectable<WebhookDeliveriesTable>): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.message_id,
    eventType: row.event_type as WebhookEventType,
    status: row.status,
    attempts: Number(row.attempts),
    lastResponseStatus: row.last_response_status === null ? null : Number(row.last_response_status),
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    createdAt: row.created_at,
  };
}

export interface WebhookEventFacts {
  type: WebhookEventType;
  at: string;
  data: Record<string, unknown>;
}

/**
 * One delivery per enabled endpoint that wants the event and belongs to the account, or to the
 * business the account is of; in the caller's transaction, so it stands or falls with the change.
 */
/** Notes a signer's first view of a request; false when it was noted before. */
export async function markFirstView(db: Db, signerId: string, at: string): Promise<boolean> {
  const first = await db
    .insertInto('webhook_signer_views')
    .values({ signer_id: signerId, viewed_at: at })
    .onConflict((oc) => oc.column('signer_id').doNothing())
    .executeTakeFirst();
  return Number(first.numInsertedOrUpdatedRows ?? 0) === 1;
}

export function enqueueForAccount(db: Db, accountId: string, event: WebhookEventFacts): Promise<number> {
  return enqueue(db, () => sql<string>`${accountId}`, event);
}

/** As `enqueueForAccount`, for the account that sent the request (read in the same statement). */
export function enqueueForRequest(db: Db, requestId: string, event: WebhookEventFacts): Promise<number> {
  return enqueue(
    db,
    () => sql<string>`(select owner_id from signature_requests where id = ${requestId})`,
    event,
  );
}

async function enqueue(db: Db, account: () => RawBuilder<string>, event: WebhookEventFacts): Promise<number> {
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('enabled', '=', 1)
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', account()), eb('business_id', 'is', null)]),
        eb(
          'business_id',
          'in',
          eb.selectFrom('business_accounts').select('business_id').where('user_id', '=', account()),
        ),
      ]),
    )
    .execute();
  const wanted = endpoints.filter((e) => (JSON.parse(e.events) as string[]).includes(event.type));
  if (wanted.length === 0) return 0;
  // one message, one id, whichever endpoints it goes to (Standard Webhooks: `msg_` ids)
  const messageId = `msg_${newId()}`;
  const payload = JSON.stringify({ type: event.type, timestamp: event.at, data: event.data });
  await db
    .insertInto('webhook_deliveries')
    .values(
      wanted.map((e) => ({
        id: newId(),
        endpoint_id: e.id,
        message_id: messageId,
        event_type: event.type,
        payload,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: event.at,
        lease_owner: null,
        lease_until: null,
        last_attempt_at: null,
        last_response_status: null,
        last_error: null,
        created_at: event.at,
      })),
    )
    .execute();
  return wanted.length;
}

export function createDeliveryRepo(db: Kysely<Database>) {
  return {
    async list(endpointId: string, limit: number): Promise<WebhookDelivery[]> {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(presentDelivery);
    },

    /** Due again at `now`, with the same webhook-id, its attempts counted afresh. */
    async redeliver(endpointId: string, id: string, now: string): Promise<WebhookDelivery | undefined> {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now })
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', id)
        .execute();
      const row = await db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && presentDelivery(row);
    },

    /** Takes up to `limit` due deliveries of enabled endpoints for `owner` until `leaseUntil`. */
    async claimDue(
      now: string,
      owner: string,
      leaseUntil: string,
      limit: number,
    ): Promise<ClaimedDelivery[]> {
      const due = await db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select(['d.id', 'd.endpoint_id', 'e.url', 'd.message_id', 'd.payload', 'd.attempts'])
        .where('d.status', '=', 'pending')
        .where('d.next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<=', now)]))
        .where('e.enabled', '=', 1)
        .orderBy('d.next_attempt_at')
        .limit(limit)
        .execute();
      const claimed: ClaimedDelivery[] = [];
      for (const row of due) {
        const taken = await db
          .updateTable('webhook_deliveries')
          .set({ lease_owner: owner, lease_until: leaseUntil })
          .where('id', '=', row.id)
          .where('status', '=', 'pending')
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) continue;
        claimed.push({
          id: row.id,
          endpointId: row.endpoint_id,
          url: row.url,
          messageId: row.message_id,
          payload: row.payload,
          attempts: Number(row.attempts),
        });
      }
      return claimed;
    },

    /**
     * Records an attempt by the lease's holder: delivered, due again at `nextAttemptAt`, or failed
     * for good (null). False when the lease was no longer this holder's.
     */
    async finish(
      id: string,
      owner: string,
      outcome: {
        at: string;
        responseStatus: number | null;
        error: string | null;
        delivered: boolean;
        nextAttemptAt: string | null;
      },
    ): Promise<boolean> {
      const result = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          status: outcome.delivered ? 'delivered' : outcome.nextAttemptAt ? 'pending' : 'failed',
          attempts: eb('attempts', '+', 1),
          next_attempt_at: outcome.nextAttemptAt,
          lease_owner: null,
          lease_until: null,
          last_attempt_at: outcome.at,
          last_response_status: outcome.responseStatus,
          last_error: outcome.error,
        }))
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Remembers an answer for the endpoint: failing since the first failure, or not failing. */
    async markEndpoint(endpointId: string, delivered: boolean, at: string): Promise<string | null> {
      if (delivered) {
        await db
          .updateTable('webhook_endpoints')
          .set({ failing_since: null })
          .where('id', '=', endpointId)
          .execute();
        return null;
      }
      await db
        .updateTable('webhook_endpoints')
        .set({ failing_since: at })
        .where('id', '=', endpointId)
        .where('failing_since', 'is', null)
        .execute();
      const row = await db
        .selectFrom('webhook_endpoints')
        .select('failing_since')
        .where('id', '=', endpointId)
        .executeTakeFirst();
      return row?.failing_since ?? null;
    },

    /**
     * Disables an endpoint that has failed since before `cutoff` and fails its pending deliveries;
     * true only for the one call that disabled it (which then tells its owner).
     */
    async disableFailing(endpointId: string, cutoff: string, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('webhook_endpoints')
          .set({ enabled: 0, disabled_reason: 'failing', updated_at: now })
          .where('id', '=', endpointId)
          .where('enabled', '=', 1)
          .where('failing_since', '<=', cutoff)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('webhook_deliveries')
          .set({ status: 'failed', next_attempt_at: null })
          .where('endpoint_id', '=', endpointId)
          .where('status', '=', 'pending')
          .execute();
        return true;
      });
    },
  };
}

export type DeliveryRepo = ReturnType<typeof createDeliveryRepo>;
