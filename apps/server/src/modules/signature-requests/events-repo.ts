// The SQL of a request's audit log (ADR 007, 026): events appended in their order, chained one to
// the next from the head kept on the request row, and read back in order. The chain's rules are
// `events.ts`.
import type { RequestEventType } from '@countersign/domain';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordRequestEvents } from '../webhooks/index.js';
import { GENESIS_HASH, hashEvent, type ChainHead, type EventActor, type RequestEvent } from './events.js';

export interface NewEvent {
  type: RequestEventType;
  at: string;
  actor: EventActor;
  ip: string | null;
  data?: Record<string, unknown>;
}

export async function appendEvent(
  trx: Transaction<Database> | Kysely<Database>,
  requestId: string,
  event: NewEvent,
): Promise<void> {
  await appendEvents(trx, requestId, [event]);
}

/**
 * Heads that a transaction has already read from a request row it holds locked: `writeRequest`'s
 * compare-and-set update returns the head, and appending in the same transaction then needs no
 * statement of its own to read (and lock) it. Kept per transaction object, so nothing outlives
 * the transaction, and only for transactions, where the row lock keeps the head as read.
 */
const heldHeads = new WeakMap<object, { requestId: string; head: ChainHead }>();

export function holdChainHead(trx: Transaction<Database>, requestId: string, head: ChainHead): void {
  heldHeads.set(trx, { requestId, head });
}

/** The head of the request's chain, with the row's write lock taken. */
async function lockChainHead(
  trx: Transaction<Database> | Kysely<Database>,
  requestId: string,
): Promise<ChainHead> {
  const held = heldHeads.get(trx);
  if (held?.requestId === requestId) return held.head;
  // The no-op update takes the row's write lock first, so two writers appending to one request at
  // once (PostgreSQL) take turns instead of both reading the same head and clashing on the same
  // sequence number.
  const row = await trx
    .updateTable('signature_requests')
    .set((eb) => ({ events_head_seq: eb.ref('events_head_seq') }))
    .where('id', '=', requestId)
    .returning(['events_head_seq', 'events_head_hash'])
    .executeTakeFirst();
  if (!row) throw new Error(`no request ${requestId} to append an event to`);
  return { seq: Number(row.events_head_seq), hash: row.events_head_hash };
}

/**
 * Appends events in their order, chained one to the next, in three statements however many (two
 * inside `writeRequest`, whose update has read the head already).
 */
export async function appendEvents(
  trx: Transaction<Database> | Kysely<Database>,
  requestId: string,
  events: readonly NewEvent[],
): Promise<void> {
  if (events.length === 0) return;
  // The chain grows from the head kept on the request row (ADR 026), not from whatever event is
  // newest in the table: if the newest events were removed, the next one still links to the
  // removed head and the gap shows.
  const head = await lockChainHead(trx, requestId);
  let seq = head.seq;
  let prevHash = head.hash ?? GENESIS_HASH;
  const rows = events.map((event) => {
    // how the actor came (ADR 095) is part of what the event says, kept with its data
    const { via, ...actor } = event.actor;
    const partial = {
      seq: ++seq,
      type: event.type,
      at: event.at,
      actor,
      ip: event.ip,
      data: via ? { ...event.data, via } : (event.data ?? {}),
      prevHash,
    };
    const hash = hashEvent(requestId, partial);
    prevHash = hash;
    return {
      request_id: requestId,
      seq: partial.seq,
      type: partial.type,
      at: partial.at,
      actor_kind: partial.actor.kind,
      actor_id: partial.actor.id,
      actor_email: partial.actor.email,
      ip: partial.ip,
      data: JSON.stringify(partial.data),
      prev_hash: partial.prevHash,
      hash,
    };
  });
  await trx.insertInto('events').values(rows).execute();
  await trx
    .updateTable('signature_requests')
    .set({ events_head_seq: seq, events_head_hash: prevHash })
    .where('id', '=', requestId)
    .execute();
  if (trx.isTransaction) holdChainHead(trx as Transaction<Database>, requestId, { seq, hash: prevHash });
  // the integrators' webhooks hear of the same events, written in the same transaction (ADR 069)
  await recordRequestEvents(trx, requestId, events);
}

export async function readEvents(db: Kysely<Database>, requestId: string): Promise<RequestEvent[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('request_id', '=', requestId)
    .orderBy('seq', 'asc')
    .execute();
  return rows.map((r) => ({
    seq: Number(r.seq),
    type: r.type,
    at: r.at,
    actor: { kind: r.actor_kind as EventActor['kind'], id: r.actor_id, email: r.actor_email },
    ip: r.ip,
    data: JSON.parse(r.data) as Record<string, unknown>,
    prevHash: r.prev_hash,
    hash: r.hash,
  }));
}

/** The head the request row remembers, or null for a request that does not exist. */
export async function readChainHead(db: Kysely<Database>, requestId: string): Promise<ChainHead | null> {
  const row = await db
    .selectFrom('signature_requests')
    .select(['events_head_seq', 'events_head_hash'])
    .where('id', '=', requestId)
    .executeTakeFirst();
  return row ? { seq: Number(row.events_head_seq), hash: row.events_head_hash } : null;
}
