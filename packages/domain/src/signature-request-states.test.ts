import { describe, expect, it } from 'vitest';
import { DomainError } from './errors.js';
import {
  applyTransition,
  isLastPendingSigner,
  isTerminalState,
  SIGNATURE_REQUEST_STATES,
  SIGNER_STATES,
  transition,
  transitionSigner,
} from './signature-request-states.js';
import type {
  SignatureRequestEvent,
  SignatureRequestState,
  SignerEvent,
} from './signature-request-states.js';

const EVENTS: Record<string, SignatureRequestEvent> = {
  initiate: { type: 'initiate' },
  sign: { type: 'sign', isLastSigner: false },
  'sign-last': { type: 'sign', isLastSigner: true },
  decline: { type: 'decline' },
  withdraw: { type: 'withdraw' },
  expire: { type: 'expire' },
  delete: { type: 'delete' },
  'add-signer': { type: 'edit', target: 'signer', change: 'add' },
  'remove-signer': { type: 'edit', target: 'signer', change: 'remove' },
  'add-observer': { type: 'edit', target: 'observer', change: 'add' },
  'remove-observer': { type: 'edit', target: 'observer', change: 'remove' },
  'add-document': { type: 'edit', target: 'document', change: 'add' },
  'remove-document': { type: 'edit', target: 'document', change: 'remove' },
  remind: { type: 'remind' },
  delegate: { type: 'delegate' },
};

// Every (state, event) cell written out by hand; '-' is a refused transition.
const TABLE = `
event            draft    open       completed declined withdrawn expired
initiate         open     -          -         -        -         -
sign             -        open       -         -        -         -
sign-last        -        completed  -         -        -         -
decline          -        declined   -         -        -         -
withdraw         -        withdrawn  -         -        -         -
expire           -        expired    -         -        -         -
delete           deleted  -          deleted   deleted  deleted   deleted
add-signer       draft    -          -         -        -         -
remove-signer    draft    -          -         -        -         -
add-observer     draft    open       -         -        -         -
remove-observer  draft    open       -         -        -         -
add-document     draft    -          -         -        -         -
remove-document  draft    -          -         -        -         -
remind           -        open       -         -        -         -
delegate         -        open       -         -        -         -
`;

function parseTable(): Array<{ state: SignatureRequestState; eventName: string; expected: string }> {
  const [header, ...rows] = TABLE.trim().split('\n');
  const states = (header ?? '').trim().split(/\s+/).slice(1) as SignatureRequestState[];
  return rows.flatMap((row) => {
    const [eventName = '', ...cells] = row.trim().split(/\s+/);
    return states.map((state, index) => ({ state, eventName, expected: cells[index] ?? '?' }));
  });
}

describe('signature request state machine (issue 4)', () => {
  const cells = parseTable();

  it('has a hand-written cell for every state and event', () => {
    expect(cells).toHaveLength(SIGNATURE_REQUEST_STATES.length * Object.keys(EVENTS).length);
    expect(new Set(cells.map((cell) => cell.state))).toEqual(new Set(SIGNATURE_REQUEST_STATES));
    expect(new Set(cells.map((cell) => cell.eventName))).toEqual(new Set(Object.keys(EVENTS)));
  });

  it.each(cells)('$state + $eventName -> $expected', ({ state, eventName, expected }) => {
    const event = EVENTS[eventName];
    if (!event) throw new Error(`unknown event ${eventName}`);
    const result = transition(state, event);
    if (expected === '-') {
      expect(result).toEqual({ ok: false, code: 'signature_request.invalid_transition' });
      expect(() => applyTransition(state, event)).toThrow(DomainError);
    } else {
      expect(result).toEqual({ ok: true, state: expected });
      expect(applyTransition(state, event)).toBe(expected);
    }
  });

  it('gives the refusal a stable code on the thrown error', () => {
    try {
      applyTransition('open', { type: 'delete' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('signature_request.invalid_transition');
    }
  });

  it('lets terminal states accept only delete', () => {
    for (const state of SIGNATURE_REQUEST_STATES) {
      const accepted = Object.entries(EVENTS)
        .filter(([, event]) => transition(state, event).ok)
        .map(([name]) => name);
      if (isTerminalState(state)) expect(accepted, state).toEqual(['delete']);
      else expect(accepted.length, state).toBeGreaterThan(1);
    }
    expect(SIGNATURE_REQUEST_STATES.filter(isTerminalState)).toEqual([
      'completed',
      'declined',
      'withdrawn',
      'expired',
    ]);
  });
});

describe('signer state machine (issue 4)', () => {
  const events: SignerEvent[] = ['sign', 'decline', 'delegate'];

  it('moves a pending signature to signed, declined or delegated', () => {
    expect(events.map((event) => transitionSigner('pending', event))).toEqual([
      { ok: true, state: 'signed' },
      { ok: true, state: 'declined' },
      { ok: true, state: 'delegated' },
    ]);
  });

  it('refuses every event on a signature that is no longer pending', () => {
    for (const state of SIGNER_STATES.filter((candidate) => candidate !== 'pending')) {
      for (const event of events) {
        expect(transitionSigner(state, event)).toEqual({
          ok: false,
          code: 'signature_request.invalid_transition',
        });
      }
    }
  });
});

describe('isLastPendingSigner', () => {
  it('is true when every other signer has signed or delegated', () => {
    expect(isLastPendingSigner(['pending'], 0)).toBe(true);
    expect(isLastPendingSigner(['signed', 'delegated', 'pending'], 2)).toBe(true);
  });

  it('is false while another signature is pending, or for a signer who is not pending', () => {
    expect(isLastPendingSigner(['pending', 'pending'], 0)).toBe(false);
    expect(isLastPendingSigner(['signed', 'signed'], 1)).toBe(false);
    expect(isLastPendingSigner(['declined', 'pending'], 1)).toBe(false);
    expect(isLastPendingSigner([], 0)).toBe(false);
  });
});
