// Who may do what with a signature request (STYLE.md "policies are data"). One table of
// rules, checked together with the state machine: a rule says which actors may take an action
// and whether it needs the actor's own turn; the state machine says in which states the action
// is possible at all. The server sends `listAllowedActions` to the UI, which never re-derives
// permissions.
import { transition } from './signature-request-states.js';
import type { SignatureRequestEvent, SignatureRequestState } from './signature-request-states.js';

/**
 * How the caller relates to the request. `delegate` is a signer who received a delegated
 * signature; `direct_signer` signs through a direct-sign link token, without an account.
 * One person can hold several (an owner who also signs is owner and signer).
 */
export const ACTORS = ['owner', 'signer', 'observer', 'delegate', 'direct_signer', 'stranger'] as const;
export type Actor = (typeof ACTORS)[number];

export const ACTIONS = [
  'view',
  'download',
  'edit',
  'initiate',
  'delete',
  'sign',
  'decline',
  'delegate',
  'withdraw',
  'remind',
  'add_observer',
  'remove_observer',
  'add_signer',
  'remove_signer',
  'view_events',
  'download_report',
  'duplicate',
] as const;
export type Action = (typeof ACTIONS)[number];

export interface PolicyContext {
  state: SignatureRequestState;
  /** The actor's own signature is pending and may be given now (the server knows the order). */
  isOwnTurn?: boolean;
}

interface PolicyRule {
  actors: readonly Actor[];
  /** The state-machine event the action causes; the action is possible where that event is. */
  event?: SignatureRequestEvent;
  /** For actions that cause no transition (reading): the states in which they are possible. */
  states?: readonly SignatureRequestState[];
  requiresOwnTurn?: boolean;
}

const PARTICIPANTS: readonly Actor[] = ['signer', 'observer', 'delegate', 'direct_signer'];
const SIGNING_ACTORS: readonly Actor[] = ['signer', 'delegate', 'direct_signer'];
const ALL_STATES: readonly SignatureRequestState[] = [
  'draft',
  'open',
  'completed',
  'declined',
  'withdrawn',
  'expired',
];
// A draft is the owner's private work: participants learn of a request when it is initiated.
const SENT_STATES: readonly SignatureRequestState[] = [
  'open',
  'completed',
  'declined',
  'withdrawn',
  'expired',
];

/**
 * The policy. Reading rules: the owner sees the request in every state, participants once it
 * is sent. The signature report needs a sent request (a draft has no trail). Signing and
 * declining need the actor's own turn. Delegation is one hop: a delegate cannot pass the
 * signature on again, which keeps the chain of responsibility short and auditable. Everything
 * that changes the request's content or lifecycle is the owner's alone.
 */
export const SIGNATURE_REQUEST_POLICY: Readonly<Record<Action, readonly PolicyRule[]>> = {
  view: [
    { actors: ['owner'], states: ALL_STATES },
    { actors: PARTICIPANTS, states: SENT_STATES },
  ],
  download: [
    { actors: ['owner'], states: ALL_STATES },
    { actors: PARTICIPANTS, states: SENT_STATES },
  ],
  view_events: [
    { actors: ['owner'], states: ALL_STATES },
    { actors: PARTICIPANTS, states: SENT_STATES },
  ],
  download_report: [{ actors: ['owner', ...PARTICIPANTS], states: SENT_STATES }],
  edit: [{ actors: ['owner'], event: { type: 'edit', target: 'document', change: 'add' } }],
  initiate: [{ actors: ['owner'], event: { type: 'initiate' } }],
  delete: [{ actors: ['owner'], event: { type: 'delete' } }],
  sign: [{ actors: SIGNING_ACTORS, event: { type: 'sign', isLastSigner: false }, requiresOwnTurn: true }],
  decline: [{ actors: SIGNING_ACTORS, event: { type: 'decline' }, requiresOwnTurn: true }],
  delegate: [{ actors: ['signer', 'direct_signer'], event: { type: 'delegate' }, requiresOwnTurn: true }],
  withdraw: [{ actors: ['owner'], event: { type: 'withdraw' } }],
  remind: [{ actors: ['owner'], event: { type: 'remind' } }],
  add_observer: [{ actors: ['owner'], event: { type: 'edit', target: 'observer', change: 'add' } }],
  remove_observer: [{ actors: ['owner'], event: { type: 'edit', target: 'observer', change: 'remove' } }],
  add_signer: [{ actors: ['owner'], event: { type: 'edit', target: 'signer', change: 'add' } }],
  remove_signer: [{ actors: ['owner'], event: { type: 'edit', target: 'signer', change: 'remove' } }],
  // a new draft from the same documents, people and fields, whatever became of this one
  duplicate: [{ actors: ['owner'], states: ALL_STATES }],
};

function isRuleSatisfied(rule: PolicyRule, actor: Actor, context: PolicyContext): boolean {
  if (!rule.actors.includes(actor)) return false;
  if (rule.requiresOwnTurn && context.isOwnTurn !== true) return false;
  if (rule.states && !rule.states.includes(context.state)) return false;
  if (rule.event && !transition(context.state, rule.event).ok) return false;
  return true;
}

/** Whether an actor (or a person holding several actor roles) may take an action now. */
export function can(actor: Actor | readonly Actor[], action: Action, context: PolicyContext): boolean {
  const actors: readonly Actor[] = typeof actor === 'string' ? [actor] : actor;
  return SIGNATURE_REQUEST_POLICY[action].some((rule) =>
    actors.some((one) => isRuleSatisfied(rule, one, context)),
  );
}

/** The actions allowed to the actor(s) in this state, in table order, for the UI. */
export function listAllowedActions(actor: Actor | readonly Actor[], context: PolicyContext): Action[] {
  return ACTIONS.filter((action) => can(actor, action, context));
}

export const FORBIDDEN_ACTION = 'signature_request.forbidden';
