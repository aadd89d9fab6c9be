// Use cases of a request's life: create, edit while a draft, send (initiate), decline, withdraw,
// remind, delete, and reading it with its audit log. Signing lives in signing.ts, documents in
// documents.ts.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addSignatureFields, type SignatureFieldSpec } from '@countersign/pdf';
import {
  checkExpiry,
  defaultExpiry,
  expiryReminderAt,
  INVALID_EXPIRY,
  transition,
  type SignatureRequestEvent,
} from '@countersign/domain';
import type { SignatureRequest } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newId, newSecretToken } from '../../lib/tokens.js';

import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { appendEvent, readChainHead, readEvents, verifyEventChain, type EventActor } from './events.js';
import { fieldNameFor, type Placement, type RequestRecord } from './model.js';
import { notify, partiesToTell, requestViewLink, signerLink } from './notify.js';
import { presentRequest } from './presenter.js';
import * as repo from './repo.js';

export function actorOf(caller: Caller, request?: RequestRecord): EventActor {
  if (caller.kind === 'direct') {
    return {
      kind: 'direct_signer',
      id: caller.signerId,
      email: request?.signers.find((s) => s.id === caller.signerId)?.email ?? null,
    };
  }
  return { kind: 'user', id: caller.userId, email: caller.email };
}

export async function requireRequest(deps: RequestsDeps, id: string): Promise<RequestRecord> {
  const request = await repo.loadRequest(deps.db, id);
  if (!request) throw new AppError('signature_request.not_found', 'No such signature request');
  return request;
}

export async function present(deps: RequestsDeps, id: string, caller: Caller): Promise<SignatureRequest> {
  const request = await requireRequest(deps, id);
  return presentRequest(request, authorize(request, caller, 'view'));
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
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.updateRequest(trx, request.id, request.status, changes, now))) {
      throw new AppError(
        'signature_request.invalid_transition',
        'The request changed meanwhile (sent, signed, declined or withdrawn); reload it',
      );
    }
    await work(trx);
    await repo.syncParticipants(trx, request.id);
  });
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
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

async function recordContacts(
  deps: RequestsDeps,
  ownerId: string,
  emails: string[],
  now: string,
): Promise<void> {
  for (const email of emails) {
    await deps.db
      .insertInto('contacts')
      .values({ user_id: ownerId, email, last_used_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'email']).doUpdateSet({ last_used_at: now }))
      .execute();
  }
}

export async function createRequest(
  deps: RequestsDeps,
  caller: Extract<Caller, { kind: 'user' }>,
  input: {
    title: string;
    message: string;
    quality: 'ses' | 'aes' | 'qes';
    legislation: 'eidas' | 'zertes';
    signatures: { email: string; name?: string | undefined }[];
    observers: string[];
    expiresAt?: string | undefined;
  },
): Promise<string> {
  const now = deps.clock.now().toISOString();
  const expiresAt = input.expiresAt ? requireValidExpiry(input.expiresAt, deps.clock.now()) : null;
  const id = newId();
  const signerEmails = [...new Set(input.signatures.map((s) => s.email.toLowerCase()))];
  if (signerEmails.length !== input.signatures.length) {
    throw new AppError('signature_request.duplicate_signer', 'Each signer may appear once');
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
    });
    for (const [position, s] of input.signatures.entries()) {
      const email = s.email.toLowerCase();
      await repo.insertSigner(trx, {
        id: newId(),
        requestId: id,
        position,
        email,
        name: s.name ?? null,
        accountUserId: await linkedAccount(trx, email),
        status: 'pending',
        fields: [],
        createdAt: now,
      });
    }
    for (const email of new Set(input.observers.map((e) => e.toLowerCase()))) {
      await trx
        .insertInto('observers')
        .values({ id: newId(), request_id: id, email, created_at: now })
        .execute();
    }
    await repo.syncParticipants(trx, id);
    await appendEvent(trx, id, {
      type: 'created',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: { title: input.title },
    });
  });
  await recordContacts(
    deps,
    caller.userId,
    [...signerEmails, ...input.observers.map((e) => e.toLowerCase())],
    now,
  );
  return id;
}

export async function addSigner(
  deps: RequestsDeps,
  caller: Extract<Caller, { kind: 'user' }>,
  id: string,
  input: {
    email: string;
    name?: string | undefined;
    accountEmail?: string | undefined;
    documentSignatures: { documentId: string; placement?: Placement | null | undefined }[];
  },
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'add_signer');
  const email = input.email.toLowerCase();
  if (request.signers.some((s) => s.email === email)) {
    throw new AppError('signature_request.duplicate_signer', 'This person is already a signer');
  }
  for (const ds of input.documentSignatures) {
    const doc = request.documents.find((d) => d.id === ds.documentId);
    if (!doc) throw new AppError('document.not_found', `No document ${ds.documentId} in this request`);
    const page = ds.placement ? doc.pages[ds.placement.page - 1] : undefined;
    if (ds.placement && !page)
      throw new AppError(
        'signature_request.invalid_placement',
        `Page ${ds.placement.page} is not in the document`,
      );
    if (
      ds.placement &&
      page &&
      (ds.placement.x + ds.placement.width > page.width + 0.5 ||
        ds.placement.y + ds.placement.height > page.height + 0.5)
    ) {
      throw new AppError('signature_request.invalid_placement', 'The signature box must lie inside the page');
    }
  }
  const signerId = newId();
  const placements = new Map(input.documentSignatures.map((ds) => [ds.documentId, ds.placement ?? null]));
  const now = deps.clock.now().toISOString();
  await writeRequest(deps, request, {}, now, async (trx) => {
    await repo.insertSigner(trx, {
      id: signerId,
      requestId: id,
      position: request.signers.length === 0 ? 0 : Math.max(...request.signers.map((s) => s.position)) + 1,
      email,
      name: input.name ?? null,
      accountUserId: await linkedAccount(trx, (input.accountEmail ?? email).toLowerCase()),
      status: 'pending',
      // every signer signs every document; placement makes it visible
      fields: request.documents.map((d) => ({
        documentId: d.id,
        fieldName: fieldNameFor(signerId),
        placement: placements.get(d.id) ?? null,
      })),
      createdAt: now,
    });
    await appendEvent(trx, id, {
      type: 'signer_added',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: { email },
    });
  });
  await recordContacts(deps, caller.userId, [email], now);
}

export async function removeSigner(
  deps: RequestsDeps,
  caller: Extract<Caller, { kind: 'user' }>,
  id: string,
  signerId: string,
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'remove_signer');
  const signer = request.signers.find((s) => s.id === signerId);
  if (!signer) throw new AppError('signer.not_found', 'No such signer in this request');
  const now = deps.clock.now().toISOString();
  await writeRequest(deps, request, {}, now, async (trx) => {
    await trx.deleteFrom('signers').where('id', '=', signerId).execute();
    await appendEvent(trx, id, {
      type: 'signer_removed',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: { email: signer.email },
    });
  });
}

/**
 * Title, message and signature level of a draft. Fixed once sent: the signers were invited to
 * sign this text at this level.
 */
export async function updateDetails(
  deps: RequestsDeps,
  caller: Extract<Caller, { kind: 'user' }>,
  id: string,
  changes: {
    title?: string | undefined;
    message?: string | undefined;
    quality?: 'ses' | 'aes' | 'qes' | undefined;
    legislation?: 'eidas' | 'zertes' | undefined;
    expiresAt?: string | null | undefined;
  },
): Promise<void> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (changes.expiresAt) set['expiresAt'] = requireValidExpiry(changes.expiresAt, deps.clock.now());
  if (Object.keys(set).length === 0) return;
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'edit');
  const now = deps.clock.now().toISOString();
  await writeRequest(deps, request, set, now, async (trx) => {
    await appendEvent(trx, id, {
      type: 'details_changed',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: set,
    });
  });
}

export async function setObservers(
  deps: RequestsDeps,
  caller: Extract<Caller, { kind: 'user' }>,
  id: string,
  emails: string[],
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'add_observer');
  const wanted = new Set(emails.map((e) => e.toLowerCase()));
  const now = deps.clock.now().toISOString();
  const added = [...wanted].filter((e) => !request.observers.some((o) => o.email === e));
  await writeRequest(deps, request, {}, now, async (trx) => {
    for (const o of request.observers) {
      if (!wanted.has(o.email)) await trx.deleteFrom('observers').where('id', '=', o.id).execute();
    }
    for (const email of added)
      await trx
        .insertInto('observers')
        .values({ id: newId(), request_id: id, email, created_at: now })
        .execute();
    await appendEvent(trx, id, {
      type: 'observers_set',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: { observers: [...wanted] },
    });
  });
  if (request.status === 'open') for (const email of added) await notify(deps, request, 'observer', email);
  await recordContacts(deps, caller.userId, added, now);
}

export async function addObserver(
  deps: RequestsDeps,
  caller: Extract<Caller, { kind: 'user' }>,
  id: string,
  email: string,
): Promise<void> {
  const request = await requireRequest(deps, id);
  const lower = email.toLowerCase();
  if (request.observers.some((o) => o.email === lower))
    throw new AppError('observer.already_added', 'Already an observer');
  await setObservers(deps, caller, id, [...request.observers.map((o) => o.email), lower]);
}

export async function removeObserver(
  deps: RequestsDeps,
  caller: Extract<Caller, { kind: 'user' }>,
  id: string,
  observerId: string,
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'remove_observer');
  if (!request.observers.some((o) => o.id === observerId))
    throw new AppError('observer.not_found', 'No such observer');
  await setObservers(
    deps,
    caller,
    id,
    request.observers.filter((o) => o.id !== observerId).map((o) => o.email),
  );
}

/**
 * Send: one revision per document adds every signer's empty signature field (so later
 * signatures only fill their own field), each signer gets a link token, and the request opens.
 * The new revisions are stored before the transaction that points the documents at them.
 */
export async function initiate(
  deps: RequestsDeps,
  caller: Extract<Caller, { kind: 'user' }>,
  id: string,
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'initiate');
  if (request.documents.length === 0)
    throw new AppError('signature_request.no_documents', 'Add at least one document first');
  if (request.signers.length === 0)
    throw new AppError('signature_request.no_signers', 'Add at least one signer first');
  const state = nextState(request, { type: 'initiate' });
  const prepared: { id: string; from: string; to: string; size: number }[] = [];
  for (const doc of request.documents) {
    const fields: SignatureFieldSpec[] = request.signers.map((s) => {
      const field = s.fields.find((f) => f.documentId === doc.id);
      const placement = field?.placement;
      return placement
        ? {
            name: fieldNameFor(s.id),
            placement: {
              page: placement.page - 1,
              rect: [placement.x, placement.y, placement.width, placement.height],
            },
          }
        : { name: fieldNameFor(s.id) };
    });
    const bytes = addSignatureFields(await deps.blobs.get(doc.currentSha256), fields);
    prepared.push({
      id: doc.id,
      from: doc.currentSha256,
      to: await deps.blobs.put(bytes),
      size: bytes.length,
    });
  }
  const tokens = new Map(request.signers.map((s) => [s.id, newSecretToken()]));
  const sentAt = deps.clock.now();
  const now = sentAt.toISOString();
  // A deadline chosen on the draft must still leave the signers time now (ADR 023).
  const expiresAt = request.expiresAt
    ? requireValidExpiry(request.expiresAt, sentAt)
    : defaultExpiry(sentAt, deps.requestExpiry.defaultDays);
  const moved = {
    status: state === 'deleted' ? ('draft' as const) : state,
    initiatedAt: now,
    expiresAt,
    expiryReminderAt: expiryReminderAt(sentAt, expiresAt, deps.requestExpiry.reminderDays),
  };
  try {
    await writeRequest(deps, request, moved, now, async (trx) => {
      for (const p of prepared) {
        if (
          !(await repo.advanceDocument(trx, {
            id: p.id,
            fromSha256: p.from,
            toSha256: p.to,
            toSize: p.size,
            revisionsAdded: 1,
          }))
        ) {
          throw new AppError(
            'document.conflict',
            'The document changed while it was being prepared; try again',
          );
        }
      }
      // every signer signs every document: an invisible field where the sender placed none
      for (const d of request.documents) await repo.addFieldsForDocument(trx, id, d.id);
      for (const s of request.signers)
        await repo.addSignerToken(trx, s.id, hashToken(tokens.get(s.id) ?? ''), now);
      await appendEvent(trx, id, {
        type: 'initiated',
        at: now,
        actor: actorOf(caller),
        ip: caller.ip,
        data: { documents: prepared.map((p) => ({ id: p.id, sha256: p.to })), expiresAt },
      });
    });
  } catch (err) {
    // The request did not open: the revisions prepared for it would be orphans.
    for (const p of prepared) await deleteBlobIfUnused(deps, p.to);
    throw err;
  }
  for (const s of request.signers) {
    await notify(deps, request, 'invitation', s.email, {
      link: signerLink(deps, id, s, tokens.get(s.id)),
      ...(request.message && { message: request.message }),
    });
  }
  for (const o of request.observers) await notify(deps, request, 'observer', o.email);
}

export async function decline(
  deps: RequestsDeps,
  caller: Caller,
  id: string,
  message: string,
): Promise<void> {
  const request = await requireRequest(deps, id);
  const relation = authorize(request, caller, 'decline');
  const signer = relation.signer;
  if (!signer) throw new AppError('signature_request.forbidden', 'Only a signer may decline');
  const state = nextState(request, { type: 'decline' });
  const now = deps.clock.now().toISOString();
  const moved = {
    status: state === 'deleted' ? ('declined' as const) : state,
    endedAt: now,
    endMessage: message,
  };
  // Compare-and-set twice: the request must still be open and the signature still pending.
  await writeRequest(deps, request, moved, now, async (trx) => {
    if (
      !(await repo.updateSigner(trx, signer.id, {
        status: 'declined',
        declinedAt: now,
        declineMessage: message,
      }))
    ) {
      throw new AppError('signature_request.invalid_transition', 'This signature is no longer pending');
    }
    await repo.revokeSignerTokens(trx, id);
    await appendEvent(trx, id, {
      type: 'declined',
      at: now,
      actor: actorOf(caller, request),
      ip: caller.ip,
      data: { message },
    });
  });
  // The owner, the observers and the other signers, whose links now lead nowhere, hear why.
  const who = signer.name ?? signer.email;
  for (const to of partiesToTell(request, signer.email)) {
    await notify(deps, request, 'declined', to, { actor: who, message, link: requestViewLink(deps, id) });
  }
}

export async function withdraw(
  deps: RequestsDeps,
  caller: Extract<Caller, { kind: 'user' }>,
  id: string,
  message: string,
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'withdraw');
  nextState(request, { type: 'withdraw' });
  const now = deps.clock.now().toISOString();
  await deps.failpoint('withdraw.before_commit');
  // Compare-and-set: a signature that completed the request meanwhile wins, this gets 409.
  const moved = { status: 'withdrawn' as const, endedAt: now, endMessage: message };
  await writeRequest(deps, request, moved, now, async (trx) => {
    // A withdrawn request's links stop working.
    await repo.revokeSignerTokens(trx, id);
    await appendEvent(trx, id, {
      type: 'withdrawn',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: { message },
    });
  });
  for (const to of partiesToTell(request, request.ownerEmail))
    await notify(deps, request, 'withdrawn', to, { message });
}

export async function remind(
  deps: RequestsDeps,
  caller: Extract<Caller, { kind: 'user' }>,
  id: string,
): Promise<number> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'remind');
  const pending = request.signers.filter((s) => s.status === 'pending');
  const now = deps.clock.now().toISOString();
  const tokens = new Map(pending.map((s) => [s.id, newSecretToken()]));
  // Through writeRequest like every change: a request that ended meanwhile gets no fresh links,
  // and the row lock orders this event after any other writer's.
  await writeRequest(deps, request, {}, now, async (trx) => {
    // Tokens are kept only hashed, so a reminder carries a new link; the invitation's stays valid.
    for (const s of pending) await repo.addSignerToken(trx, s.id, hashToken(tokens.get(s.id) ?? ''), now);
    await appendEvent(trx, id, {
      type: 'reminded',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: { signers: pending.map((s) => s.email) },
    });
  });
  for (const s of pending) {
    await notify(deps, request, 'reminder', s.email, { link: signerLink(deps, id, s, tokens.get(s.id)) });
  }
  return pending.length;
}

export async function deleteRequest(
  deps: RequestsDeps,
  caller: Extract<Caller, { kind: 'user' }>,
  id: string,
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'delete');
  // Compare-and-set like every change: a draft sent meanwhile is open and stays.
  if (!(await repo.deleteRequest(deps.db, id, request.status)))
    throw new AppError('signature_request.invalid_transition', 'The request changed meanwhile; reload it');
  // Blobs no other document points at go too: deleting a request leaves no orphaned file.
  const shas = new Set([
    ...request.documents.flatMap((d) => [d.originalSha256, d.currentSha256]),
    ...request.attachments.map((a) => a.sha256),
  ]);
  for (const sha of shas) await deleteBlobIfUnused(deps, sha);
}

export async function deleteBlobIfUnused(deps: RequestsDeps, sha: string): Promise<void> {
  if (!(await repo.isBlobReferenced(deps.db, sha))) await deps.blobs.delete(sha);
}

export async function events(deps: RequestsDeps, caller: Caller, id: string) {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'view_events');
  const [list, head] = await Promise.all([readEvents(deps.db, id), readChainHead(deps.db, id)]);
  return { events: list, chainValid: verifyEventChain(id, list, head ?? { seq: 0, hash: null }) };
}

export async function lockStatus(deps: RequestsDeps, caller: Caller, id: string) {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'view');
  const now = deps.clock.now().toISOString();
  const ids = request.documents.map((d) => d.id);
  const lock =
    ids.length === 0
      ? undefined
      : await deps.db
          .selectFrom('document_locks')
          .select('expires_at')
          .where('document_id', 'in', ids)
          .where('expires_at', '>', now)
          .orderBy('expires_at', 'desc')
          .executeTakeFirst();
  return { locked: lock !== undefined, lockedUntil: lock?.expires_at ?? null };
}
