// The audit log of a request: append-only, each event carrying the SHA-256 of the one before, so
// that removing or editing any event breaks the chain for everyone who checks it. The request row
// keeps the head (last sequence number and hash, ADR 026), so removing the newest events shows
// too: nothing after them would otherwise notice. This file holds the chain's rules; its rows are
// written and read by `events-repo.ts`.
import { createHash } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

export interface EventActor {
  kind: 'user' | 'direct_signer' | 'api_user' | 'system';
  id: string | null;
  email: string | null;
  /**
   * 'mcp' for an API user acting through the MCP server (ADR 095). Stored as the event's
   * `data.via`, so the actor's columns and the hash of every older event stay as they were.
   */
  via?: 'mcp';
}

/** The last event as the request row remembers it; seq 0 and no hash before the first event. */
export interface ChainHead {
  seq: number;
  hash: string | null;
}

export interface RequestEvent {
  seq: number;
  type: string;
  at: string;
  actor: EventActor;
  ip: string | null;
  data: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

/** Deterministic JSON: keys sorted at every level, so the hash does not depend on key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function hashEvent(requestId: string, e: Omit<RequestEvent, 'hash'>): string {
  const body = canonicalJson({
    requestId,
    seq: e.seq,
    type: e.type,
    at: e.at,
    actor: e.actor,
    ip: e.ip,
    data: e.data,
  });
  return createHash('sha256').update(`${e.prevHash}\n${body}`).digest('hex');
}

/**
 * For each event: whether it holds its place (sequence number), links to the stored hash of the
 * one before, and hashes to its own stored hash. An edited event fails itself; a removed or
 * reordered one fails the event after the gap.
 */
export function checkEventChain(requestId: string, events: readonly RequestEvent[]): boolean[] {
  return events.map((e, index) => {
    const prev = index === 0 ? GENESIS_HASH : events[index - 1]!.hash;
    return e.seq === index + 1 && e.prevHash === prev && hashEvent(requestId, e) === e.hash;
  });
}

/**
 * Whether the chain ends where the request row says it does: removing the newest events leaves
 * an intact but shorter chain, which only the remembered head gives away.
 */
export function isChainAtHead(
  events: readonly Pick<RequestEvent, 'seq' | 'hash'>[],
  head: ChainHead,
): boolean {
  const last = events.at(-1);
  if (!last) return head.seq === 0 && head.hash === null;
  return last.seq === head.seq && last.hash === head.hash;
}

/** True when every event links to the one before, its hash matches its content, and the chain ends at the head. */
export function verifyEventChain(
  requestId: string,
  events: readonly RequestEvent[],
  head: ChainHead,
): boolean {
  return checkEventChain(requestId, events).every(Boolean) && isChainAtHead(events, head);
}
