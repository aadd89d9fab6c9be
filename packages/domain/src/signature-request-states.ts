// The life of a signature request and of each signer's signature (spec 4 names only
// "created, then initiated"). The rest of the states and who may move between them are our
// design, written here once so server, UI and tests agree.
//
//   draft --initiate--> open --sign (last signer)--> completed
//                        |----decline--------------> declined
//                        |----withdraw-------------> withdrawn
//                        '----expire---------------> expired
//
// Deletion: a draft can always be deleted; a finished request (completed, declined, withdrawn,
// expired) can be deleted by its owner (the policy table says who); an open request must be
// withdrawn first, so that signers are told before it disappears. Deleted is final.
// Edits: signers and documents change only in drafts (a sent document must not change under
// a signer's eyes); observers may also be added or removed while open. Reminders and
// delegation only make sense while signatures are awaited, so they need an open request.
export const SIGNATURE_REQUEST_STATES = [
  'draft',
  'open',
  'completed',
  'declined',
  'withdrawn',
  'expired',
] as const;
export type SignatureRequestState = (typeof SIGNATURE_REQUEST_STATES)[number];
/** Where `delete` leads; not a state a stored request is read in. */
export type SignatureRequestOutcome = SignatureRequestState | 'deleted';

export const TERMINAL_STATES: readonly SignatureRequestState[] = [
  'completed',
  'declined',
  'withdrawn',
  'expired',
];

export function isTerminalState(state: SignatureRequestState): boolean {
  return TERMINAL_STATES.includes(state);
}

export type EditTarget = 'signer' | 'observer' | 'document';
export type EditChange = 'add' | 'remove';

export type SignatureRequestEvent =
  | { type: 'initiate' }
  | { type: 'sign'; isLastSigner: boolean }
  | { type: 'decline' }
  | { type: 'withdraw' }
  | { type: 'expire' }
  | { type: 'delete' }
  | { type: 'edit'; target: EditTarget; change: EditChange }
  | { type: 'remind' }
  | { type: 'delegate' };

export type SignatureRequestEventType = SignatureRequestEvent['type'];

export const INVALID_TRANSITION = 'signature_request.invalid_transition';

export type TransitionResult<S> = { ok: true; state: S } | { ok: false; code: typeof INVALID_TRANSITION };

function move<S>(state: S): TransitionResult<S> {
  return { ok: true, state };
}

const REFUSED = { ok: false, code: INVALID_TRANSITION } as const;

function transitionOpen(event: SignatureRequestEvent): TransitionResult<SignatureRequestOutcome> {
  switch (event.type) {
    case 'sign':
      return move(event.isLastSigner ? 'completed' : 'open');
    case 'decline':
      return move('declined');
    case 'withdraw':
      return move('withdrawn');
    case 'expire':
      return move('expired');
    case 'edit':
      return event.target === 'observer' ? move('open') : REFUSED;
    case 'remind':
    case 'delegate':
      return move('open');
    case 'initiate':
    case 'delete':
      return REFUSED;
  }
}

/** The state a request moves to on an event, or the refusal code. */
export function transition(
  state: SignatureRequestState,
  event: SignatureRequestEvent,
): TransitionResult<SignatureRequestOutcome> {
  if (state === 'open') return transitionOpen(event);
  if (event.type === 'delete') return move('deleted');
  if (state === 'draft') {
    if (event.type === 'initiate') return move('open');
    if (event.type === 'edit') return move('draft');
  }
  return REFUSED;
}

// Per-signer states. Only a pending signature moves; signed, declined and delegated are final.
// A delegated signature is handed to another person, who becomes a new pending signer; the
// original entry stays as the record of the hand-over.
export const SIGNER_STATES = ['pending', 'signed', 'declined', 'delegated'] as const;
export type SignerState = (typeof SIGNER_STATES)[number];

/**
 * Whether a signature by `signerIndex` would be the last one awaited, so the request completes:
 * every other signer has signed or handed over, and at least this one remains. The server uses
 * it to build the `sign` event.
 */
export function isLastPendingSigner(states: readonly SignerState[], signerIndex: number): boolean {
  if (states[signerIndex] !== 'pending') return false;
  return states.every((state, index) => index === signerIndex || state === 'signed' || state === 'delegated');
}
