// Use cases of a request as a whole: create, delete, and read it with its audit log, plus what
// every other use case shares (loading, compare-and-set writes, state moves). Edits live in
// participants.ts, sending and what follows in lifecycle.ts, signing in
// signing.ts, documents in documents.ts.
import { createGroupRepo, groupForRequest } from '../groups/index.js';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { checkExpiry, INVALID_EXPIRY, transition, type SignatureRequestEvent } from '@countersign/domain';
import type { SignatureRequest } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/tokens.js';

import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { verifyEventChain, type EventActor } from './events.js';
import { appendEvent, holdChainHead, readChainHead, readEvents } from './events-repo.js';
import { type RequestRecord, type SignerGroupSlot } from './model.js';
import { businessOfMember, presentPublicInformation } from '../businesses/index.js';
import { presentRequest } from './presenter.js';
import * as repo from './repo.js';
import { deleteRequestBlobs } from './blob-removal.js';
import type { StoredRevision } from './sign-and-store.js';
import { liveLockUntil } from './locks-repo.js';
import { findPersonByEmail, recordContacts as recordOwnerContacts } from '../accounts/index.js';
import { insertObservers } from './participants-repo.js';
import { recordSignerView } from '../webhooks/index.js';

export function actorOf(caller: Caller, request?: RequestRecord): EventActor {
  if (caller.kind === 'link_holder') {
    return {
      kind: 'direct_signer',
      id: caller.signerId,
      email: request?.signers.find((s) => s.id === caller.signerId)?.email ?? null,
    };
  }
  // every event an API user causes names it, not the account row behind it
  if (caller.kind === 'api_user') {
    const actor: EventActor = { kind: 'api_user', id: caller.username, email: caller.email };
    return caller.via ? { ...actor, via: caller.via } : actor;
  }
  return { kind: 'user', id: caller.userId, email: caller.email };
}

export async function requireRequest(deps: Pick<RequestsDeps, 'db'>, id: string): Promise<RequestRecord> {
  const request = await repo.loadRequest(deps.db, id);
  if (!request) throw new AppError('signature_request.not_found', 'No such signature request');
  return request;
}

export async function present(
  deps: Pick<RequestsDeps, 'db' | 'clock'>,
  id: string,
  caller: Caller,
): Promise<SignatureRequest> {
  const request = await requireRequest(deps, id);
  const relation = authorize(request, caller, 'view');
  // a signer opening an open request for the first time is a webhook event (ADR 069)
  if (relation.signer && request.status === 'open') {
    const signer = relation.signer;
    const at = deps.clock.now().toISOString();
    await deps.db
      .transaction()
      .execute((trx) =>
        recordSignerView(trx, { requestId: id, signerId: signer.id, email: signer.email, at }),
      );
  }
  // the page shows the business the request is sent under (ADR 035: its owner's), and leaves
  // without asking only for the origins that business registered (ADR 064)
  const business = await businessOfMember(deps.db, request.ownerId);
  return presentRequest(
    request,
    relation,
    business ? presentPublicInformation(business) : null,
    business?.settings.redirects.allowedOrigins,
  );
}

/**
 * The one way a use case changes a request: in one transaction, the request row moves first,
 * compare-and-set from the state the use case read and authorised in (repo.updateRequest), then
 * `work` writes the rest, then the dashboard index follows. If another writer moved the request
 * meanwhile (a withdraw during a signature, a signature completing during a decline) this refuses
 * with the state machine's 409 and nothing is written. Moving the row first also makes concurrent
 * writers of one request queue on its row lock on PostgreSQL before they touch the event chain.
 */
export async function writeRequest(
  deps: Pick<RequestsDeps, 'db'>,
  request: Pick<RequestRecord, 'id' | 'status'>,
  changes: Parameters<typeof repo.updateRequest>[3],
  now: string,
  work: (trx: Transaction<Database>) => Promise<void>,
  /** 'status': `work` changes no party, name or title (a signature), so the index only follows */
  index: 'rewrite' | 'status' = 'rewrite',
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const head = await repo.updateRequest(trx, request.id, request.status, changes, now);
    if (!head) {
      throw new AppError(
        'signature_request.invalid_transition',
        'The request changed meanwhile (sent, signed, declined or withdrawn); reload it',
      );
    }
    // the update locked the row and read its event chain's head: appending needs not read it again
    holdChainHead(trx, request.id, head);
    await work(trx);
    if (index === 'status')
      await repo.touchParticipants(trx, request.id, changes.status ?? request.status, now);
    else await repo.syncParticipants(trx, request.id);
  });
}

/**
 * Moves each document to its new revision, compare-and-set from the revision the work started
 * on; `document.conflict` when another change moved one first.
 */
export async function advanceDocuments(
  trx: Transaction<Database>,
  revisions: readonly StoredRevision[],
  whileDoing: string,
): Promise<void> {
  for (const r of revisions) {
    const moved = await repo.advanceDocument(trx, {
      id: r.id,
      fromSha256: r.from,
      toSha256: r.to,
      toSize: r.size,
      revisionsAdded: r.revisionsAdded,
    });
    if (!moved)
      throw new AppError(
        'document.conflict',
        `The document changed while it was being ${whileDoing}; try again`,
      );
  }
}

export function nextState(request: RequestRecord, event: SignatureRequestEvent) {
  const result = transition(request.status, event);
  if (!result.ok)
    throw new AppError(result.code, `A ${request.status} request does not accept '${event.type}'`);
  return result.state;
}

/** Refuses a deadline that leaves the signers less than an hour or lies more than a year ahead. */
export function requireValidExpiry(expiresAt: string, now: Date): string {
  const problem = checkExpiry(expiresAt, now);
  if (problem === 'too_soon')
    throw new AppError(INVALID_EXPIRY, 'The deadline must be at least an hour from now');
  if (problem === 'too_late') throw new AppError(INVALID_EXPIRY, 'The deadline must be within a year');
  return new Date(expiresAt).toISOString();
}

export async function linkedAccount(
  db: Kysely<Database> | Transaction<Database>,
  email: string,
): Promise<string | null> {
  return (await findPersonByEmail(db, email))?.id ?? null;
}

export async function recordContacts(
  deps: Pick<RequestsDeps, 'db'>,
  ownerId: string,
  emails: string[],
  now: string,
): Promise<void> {
  await recordOwnerContacts(deps.db, ownerId, emails, now);
}

export async function createRequest(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
  input: {
    title: string;
    message: string;
    quality: 'ses' | 'aes' | 'qes';
    legislation: 'eidas' | 'zertes';
    /** people by address, or signer groups by id (ADR 056) */
    signatures: ({ email: string; name?: string | undefined } | { groupId: string })[];
    observers: string[];
    expiresAt?: string | undefined;
    tanRequired?: boolean | undefined;
  },
  /** more rows of the new request (its documents), written in the same transaction */
  options: {
    id?: string;
    now?: string;
    /** the signers' ids, in the order of `signatures` (a template's fields are placed for them) */
    signerIds?: readonly string[];
    alongside?: (trx: Transaction<Database>) => Promise<void>;
  } = {},
): Promise<string> {
  const now = options.now ?? deps.clock.now().toISOString();
  const expiresAt = input.expiresAt ? requireValidExpiry(input.expiresAt, deps.clock.now()) : null;
  const id = options.id ?? newId();
  const people = input.signatures.flatMap((s) => ('email' in s ? [s] : []));
  const groupIds = input.signatures.flatMap((s) => ('groupId' in s ? [s.groupId] : []));
  const signerEmails = [...new Set(people.map((s) => s.email.toLowerCase()))];
  if (signerEmails.length !== people.length || new Set(groupIds).size !== groupIds.length) {
    throw new AppError('signature_request.duplicate_signer', 'Each signer may appear once');
  }
  const groups = new Map<string, SignerGroupSlot>();
  for (const groupId of groupIds) {
    groups.set(groupId, await groupForRequest(createGroupRepo(deps.db), caller, groupId));
  }
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertRequest(trx, {
      id,
      ownerId: caller.userId,
      title: input.title,
      message: input.message,
      status: 'draft',
      quality: input.quality,
      legislation: input.legislation,
      createdAt: now,
      expiresAt,
      tanRequired: input.tanRequired === true,
    });
    for (const [position, s] of input.signatures.entries()) {
      const email = 'email' in s ? s.email.toLowerCase() : '';
      await repo.insertSigner(trx, {
        id: options.signerIds?.[position] ?? newId(),
        requestId: id,
        position,
        email,
        name: 'email' in s ? (s.name ?? null) : null,
        accountUserId: email ? await linkedAccount(trx, email) : null,
        status: 'pending',
        fields: [],
        createdAt: now,
        group: 'groupId' in s ? groups.get(s.groupId)! : null,
      });
    }
    await insertObservers(trx, id, new Set(input.observers.map((e) => e.toLowerCase())), now);
    await repo.syncParticipants(trx, id);
    await appendEvent(trx, id, {
      type: 'created',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: { title: input.title },
    });
    await options.alongside?.(trx);
  });
  await recordContacts(
    deps,
    caller.userId,
    [...signerEmails, ...input.observers.map((e) => e.toLowerCase())],
    now,
  );
  return id;
}

export async function deleteRequest(
  deps: Pick<RequestsDeps, 'blobs' | 'db'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
  id: string,
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'delete');
  // Compare-and-set like every change: a draft sent meanwhile is open and stays.
  if (!(await repo.deleteRequest(deps.db, id, request.status)))
    throw new AppError('signature_request.invalid_transition', 'The request changed meanwhile; reload it');
  // Blobs no other row points at go too: deleting a request leaves no orphaned file.
  await deleteRequestBlobs(deps, request);
}

export async function events(deps: Pick<RequestsDeps, 'db'>, caller: Caller, id: string) {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'view_events');
  const [list, head] = await Promise.all([readEvents(deps.db, id), readChainHead(deps.db, id)]);
  return { events: list, chainValid: verifyEventChain(id, list, head ?? { seq: 0, hash: null }) };
}

export async function lockStatus(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'liveness'>,
  caller: Caller,
  id: string,
) {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'view');
  const now = deps.clock.now().toISOString();
  const ids = request.documents.map((d) => d.id);
  const until = await liveLockUntil(deps.db, ids, now, deps.liveness);
  return { locked: until !== undefined, lockedUntil: until ?? null };
}
