import { describe, expect, it } from 'vitest';
import { ACTIONS, ACTORS, can, listAllowedActions } from './signature-request-policy.js';
import type { Action, Actor } from './signature-request-policy.js';
import { SIGNATURE_REQUEST_STATES } from './signature-request-states.js';
import type { SignatureRequestState } from './signature-request-states.js';

// Every (action, actor) cell by hand: the states in which it is allowed, as letters
// d(raft) o(pen) c(ompleted) x (declined) w(ithdrawn) e(xpired); '*' means only on the actor's
// own turn; '-' means never.
const TABLE = `
action           owner   signer  observer delegate direct_signer stranger
view             docxwe  ocxwe   ocxwe    ocxwe    ocxwe         -
download         docxwe  ocxwe   ocxwe    ocxwe    ocxwe         -
edit             d       -       -        -        -             -
initiate         d       -       -        -        -             -
delete           dcxwe   -       -        -        -             -
sign             -       o*      -        o*       o*            -
decline          -       o*      -        o*       o*            -
delegate         -       o*      -        -        o*            -
withdraw         o       -       -        -        -             -
remind           o       -       -        -        -             -
add_observer     do      -       -        -        -             -
remove_observer  do      -       -        -        -             -
add_signer       d       -       -        -        -             -
remove_signer    d       -       -        -        -             -
view_events      docxwe  ocxwe   ocxwe    ocxwe    ocxwe         -
download_report  ocxwe   ocxwe   ocxwe    ocxwe    ocxwe         -
duplicate        docxwe  -       -        -        -             -
`;

const LETTER: Record<SignatureRequestState, string> = {
  draft: 'd',
  open: 'o',
  completed: 'c',
  declined: 'x',
  withdrawn: 'w',
  expired: 'e',
};

interface Cell {
  action: Action;
  actor: Actor;
  spec: string;
}

function parseTable(): Cell[] {
  const [header, ...rows] = TABLE.trim().split('\n');
  const actors = (header ?? '').trim().split(/\s+/).slice(1) as Actor[];
  return rows.flatMap((row) => {
    const [action, ...specs] = row.trim().split(/\s+/);
    return actors.map((actor, index) => ({ action: action as Action, actor, spec: specs[index] ?? '?' }));
  });
}

function isExpected(spec: string, state: SignatureRequestState, isOwnTurn: boolean): boolean {
  if (spec === '-') return false;
  if (spec.endsWith('*') && !isOwnTurn) return false;
  return spec.includes(LETTER[state]);
}

describe('signature request policy', () => {
  const cells = parseTable();

  it('has a hand-written cell for every action and actor', () => {
    expect(cells).toHaveLength(ACTIONS.length * ACTORS.length);
    expect(new Set(cells.map((cell) => cell.action))).toEqual(new Set(ACTIONS));
    expect(new Set(cells.map((cell) => cell.actor))).toEqual(new Set(ACTORS));
  });

  it.each(cells)('$action by $actor: $spec', ({ action, actor, spec }) => {
    for (const state of SIGNATURE_REQUEST_STATES) {
      for (const isOwnTurn of [false, true]) {
        expect(can(actor, action, { state, isOwnTurn }), `${state}, own turn ${isOwnTurn}`).toBe(
          isExpected(spec, state, isOwnTurn),
        );
      }
    }
  });

  it('treats a missing isOwnTurn as not the turn of the actor', () => {
    expect(can('signer', 'sign', { state: 'open' })).toBe(false);
    expect(can('signer', 'view', { state: 'open' })).toBe(true);
  });

  it('unites the rights of a person holding several actor roles', () => {
    expect(can(['owner', 'signer'], 'sign', { state: 'open', isOwnTurn: true })).toBe(true);
    expect(can(['owner', 'signer'], 'withdraw', { state: 'open', isOwnTurn: true })).toBe(true);
    expect(can([], 'view', { state: 'open' })).toBe(false);
  });

  it('lists the allowed actions in table order for the UI', () => {
    expect(listAllowedActions('owner', { state: 'draft' })).toEqual([
      'view',
      'download',
      'edit',
      'initiate',
      'delete',
      'add_observer',
      'remove_observer',
      'add_signer',
      'remove_signer',
      'view_events',
      'duplicate',
    ]);
    expect(listAllowedActions('direct_signer', { state: 'open', isOwnTurn: true })).toEqual([
      'view',
      'download',
      'sign',
      'decline',
      'delegate',
      'view_events',
      'download_report',
    ]);
    expect(listAllowedActions('stranger', { state: 'completed' })).toEqual([]);
  });

  it('agrees with can for every actor, state and turn', () => {
    for (const actor of ACTORS) {
      for (const state of SIGNATURE_REQUEST_STATES) {
        for (const isOwnTurn of [false, true]) {
          const context = { state, isOwnTurn };
          expect(listAllowedActions(actor, context)).toEqual(
            ACTIONS.filter((action) => can(actor, action, context)),
          );
        }
      }
    }
  });
});
