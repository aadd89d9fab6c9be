import { describe, expect, it } from 'vitest';
import {
  isLastPendingSigner,
  isTerminalState,
  SIGNATURE_REQUEST_STATES,
  transition,
} from './signature-request-states.js';
import type { SignatureRequestEvent, SignatureRequestState } from './signature-request-states.js';

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

describe('signature request state machine', () => {
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
    } else {
      expect(result).toEqual({ ok: true, state: expected });
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
