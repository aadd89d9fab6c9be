// The audit log's chain check (events.ts), without a database: an intact chain checks, and an
// event that was removed, moved, edited (with or without its hash made to match) or taken from
// another request is found, at the event where the chain breaks.
import { describe, expect, it } from 'vitest';
import {
  GENESIS_HASH,
  checkEventChain,
  hashEvent,
  isChainAtHead,
  verifyEventChain,
  type ChainHead,
  type RequestEvent,
} from './events.js';

const requestId = 'req-1';

/** A chain as appendEvent writes it: numbered from 1, each linking to the hash of the one before. */
function chainOf(types: string[], id = requestId): RequestEvent[] {
  const events: RequestEvent[] = [];
  for (const [i, type] of types.entries()) {
    const partial = {
      seq: i + 1,
      type,
      at: `2026-11-22T10:0${i}:00.000Z`,
      actor: { kind: 'user' as const, id: 'u1', email: 'owner@example.org' },
      ip: '192.0.2.1',
      data: { step: i, note: `${type} happened` },
      prevHash: events[i - 1]?.hash ?? GENESIS_HASH,
    };
    events.push({ ...partial, hash: hashEvent(id, partial) });
  }
  return events;
}

const types = ['created', 'documents_added', 'initiated', 'signed', 'completed'];
/** The head the request row keeps for a chain, as appendEvent leaves it. */
const headOf = (events: readonly RequestEvent[]): ChainHead => ({
  seq: events.at(-1)?.seq ?? 0,
  hash: events.at(-1)?.hash ?? null,
});
const noEvents: ChainHead = { seq: 0, hash: null };

describe('event chain check', () => {
  it('accepts an intact chain, and an empty one', () => {
    const events = chainOf(types);
    expect(checkEventChain(requestId, events)).toEqual([true, true, true, true, true]);
    expect(verifyEventChain(requestId, events, headOf(events))).toBe(true);
    expect(verifyEventChain(requestId, [], noEvents)).toBe(true);
  });

  it('finds a removed event at the one after the gap', () => {
    const events = chainOf(types);
    const withoutMiddle = events.filter((e) => e.seq !== 3);
    expect(checkEventChain(requestId, withoutMiddle)).toEqual([true, true, false, false]);
    expect(verifyEventChain(requestId, withoutMiddle, headOf(events))).toBe(false);
    const withoutFirst = events.slice(1);
    expect(checkEventChain(requestId, withoutFirst)[0]).toBe(false);
  });

  it('finds events in another order', () => {
    const events = chainOf(types);
    const swapped = [events[0]!, events[2]!, events[1]!, events[3]!, events[4]!];
    expect(verifyEventChain(requestId, swapped, headOf(events))).toBe(false);
    expect(checkEventChain(requestId, swapped).slice(1, 4)).toEqual([false, false, false]);
  });

  it.each([
    { field: 'data', edit: (e: RequestEvent) => ({ ...e, data: { ...e.data, note: 'rewritten' } }) },
    { field: 'type', edit: (e: RequestEvent) => ({ ...e, type: 'declined' }) },
    { field: 'time', edit: (e: RequestEvent) => ({ ...e, at: '2026-11-23T00:00:00.000Z' }) },
    { field: 'actor', edit: (e: RequestEvent) => ({ ...e, actor: { ...e.actor, email: 'x@example.org' } }) },
    { field: 'ip', edit: (e: RequestEvent) => ({ ...e, ip: '198.51.100.7' }) },
  ])('finds an edited $field at the edited event', ({ edit }) => {
    const events = chainOf(types);
    events[3] = edit(events[3]!);
    expect(checkEventChain(requestId, events)).toEqual([true, true, true, false, true]);
  });

  it('finds an edited event whose hash was recomputed, at the next event', () => {
    const events = chainOf(types);
    const { hash: _, ...edited } = { ...events[1]!, data: { forged: true } };
    events[1] = { ...edited, hash: hashEvent(requestId, edited) };
    expect(checkEventChain(requestId, events)).toEqual([true, true, false, true, true]);
  });

  it('refuses a chain made for another request', () => {
    const foreign = chainOf(types, 'req-2');
    expect(verifyEventChain(requestId, foreign, headOf(foreign))).toBe(false);
  });

  it('finds the newest events removed, which the chain alone cannot, through the remembered head', () => {
    const events = chainOf(types);
    const head = headOf(events);
    for (const kept of [4, 3, 0]) {
      const truncated = events.slice(0, kept);
      expect(checkEventChain(requestId, truncated).every(Boolean)).toBe(true);
      expect(isChainAtHead(truncated, head)).toBe(false);
      expect(verifyEventChain(requestId, truncated, head)).toBe(false);
    }
    // a forged last event that takes the removed one's number does not carry its hash
    const { hash: _, ...forged } = { ...events[4]!, type: 'withdrawn' };
    const replaced = [...events.slice(0, 4), { ...forged, hash: hashEvent(requestId, forged) }];
    expect(checkEventChain(requestId, replaced).every(Boolean)).toBe(true);
    expect(verifyEventChain(requestId, replaced, head)).toBe(false);
  });
});
