// Who the caller is to a request (owner, signer, observer, direct signer) and whether the policy
// table of packages/domain lets them act. Strangers get "not found": a request's existence is
// not revealed to people who have nothing to do with it.
import {
  SIGNATURE_REQUEST_POLICY,
  can,
  listAllowedActions,
  type Action,
  type Actor,
} from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import type { ApiUserPrincipal, LinkHolderPrincipal, PersonPrincipal } from '../../lib/principal.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RequestRecord, SignerRecord } from './model.js';
import { loadRequest } from './repo.js';

/** What telling who a signer is reads of them. */
export type SignerAccess = Pick<
  SignerRecord,
  'id' | 'email' | 'accountUserId' | 'status' | 'delegatedFrom' | 'group'
>;

/**
 * What deciding who the caller is to a request reads of it: a whole request serves, and so does
 * the slice a page image loads (repo.loadDocumentAccess) without the request's other rows.
 */
export interface RequestAccess<S extends SignerAccess = SignerRecord> {
  ownerId: string;
  status: RequestRecord['status'];
  signers: S[];
  observers: { email: string }[];
}

/**
 * A request is acted on by a signed-in person, by a link holder of one of its signers, or by an
 * API user of a business through the account that owns the requests it sends (ADR 052): to the
 * policy it is an owner, signer or observer as a person would be.
 */
export type Caller = PersonPrincipal | LinkHolderPrincipal | ApiUserPrincipal;

export interface Relation<S extends SignerAccess = SignerRecord> {
  actors: Actor[];
  signer: S | undefined;
  isOwnTurn: boolean;
}

/**
 * The signature of an account holder: matched by account or address. After a delegation the
 * same person can appear twice (the one who delegated and, if they were delegated back, the
 * delegate); the pending one wins, so the caller acts on the signature still open to them.
 */
function signerOfUser<S extends SignerAccess>(
  request: RequestAccess<S>,
  caller: { userId: string; email: string },
): S | undefined {
  // a signer group's members each stand in its place (ADR 056), and may read it once it is signed
  const mine = request.signers.filter(
    (s) =>
      s.accountUserId === caller.userId ||
      s.email === caller.email ||
      (s.group?.members.includes(caller.email) ?? false),
  );
  return mine.find((s) => s.status === 'pending') ?? mine[0];
}

export function relationOf<S extends SignerAccess>(request: RequestAccess<S>, caller: Caller): Relation<S> {
  const actors: Actor[] = [];
  let signer: S | undefined;
  if (caller.kind === 'link_holder') {
    signer = request.signers.find((s) => s.id === caller.signerId);
    if (signer) actors.push(signer.delegatedFrom ? 'delegate' : 'direct_signer');
  } else {
    if (request.ownerId === caller.userId) actors.push('owner');
    signer = signerOfUser(request, caller);
    if (signer) actors.push(signer.delegatedFrom ? 'delegate' : 'signer');
    if (request.observers.some((o) => o.email === caller.email)) actors.push('observer');
  }
  if (actors.length === 0) actors.push('stranger');
  // Signers may sign in any order (the engine prepared every field up front); it is one's turn
  // while one's own signature is pending on an open request.
  const isOwnTurn = request.status === 'open' && signer?.status === 'pending';
  return { actors, signer, isOwnTurn };
}

export function allowedActions<S extends SignerAccess>(
  request: RequestAccess<S>,
  relation: Relation<S>,
): Action[] {
  return listAllowedActions(relation.actors, { state: request.status, isOwnTurn: relation.isOwnTurn });
}

/**
 * Throws unless the caller may take the action now: strangers get 404, people with a role for
 * whom the action exists but not in this state (signing twice, signing a withdrawn request) get
 * 409, and people whose role never allows it get 403.
 */
export function authorize<S extends SignerAccess>(
  request: RequestAccess<S>,
  caller: Caller,
  action: Action,
): Relation<S> {
  const relation = relationOf(request, caller);
  if (can(relation.actors, action, { state: request.status, isOwnTurn: relation.isOwnTurn })) return relation;
  const canView = can(relation.actors, 'view', { state: request.status });
  if (relation.actors.includes('stranger') || !canView) {
    throw new AppError('signature_request.not_found', 'No such signature request');
  }
  const roleMayEver = SIGNATURE_REQUEST_POLICY[action].some((rule) =>
    relation.actors.some((a) => rule.actors.includes(a)),
  );
  if (roleMayEver) {
    throw new AppError(
      'signature_request.invalid_transition',
      `This ${request.status} request does not allow '${action}' now`,
    );
  }
  throw new AppError('signature_request.forbidden', `You may not '${action}' this request`);
}

/**
 * Refuses a request the person may not see (owner, signer, observer) as not found: what another
 * module asks before it records anything against a request (an identification for it).
 */
export async function requireVisibleRequest(
  db: Kysely<Database>,
  person: PersonPrincipal,
  requestId: string,
): Promise<void> {
  const request = await loadRequest(db, requestId);
  if (!request) throw new AppError('signature_request.not_found', 'No such signature request');
  authorize(request, person, 'view');
}
