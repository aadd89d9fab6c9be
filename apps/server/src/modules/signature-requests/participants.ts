// What the owner edits in a request: its details (title, message, deadline), its signers with
// their fields in each document, and its observers. Sending and what follows live in lifecycle.ts.
import { createGroupRepo, groupForRequest } from '../groups/index.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/tokens.js';

import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { appendEvent } from './events-repo.js';
import { fieldNameFor, type Placement } from './model.js';
import { insertFields } from './fields/repo.js';
import { signatureFieldFrom, toFieldRecords } from './fields/set-fields.js';
import { notify } from './notify.js';
import * as repo from './repo.js';
import {
  actorOf,
  linkedAccount,
  recordContacts,
  requireRequest,
  requireValidExpiry,
  writeRequest,
} from './service.js';
import { deleteObserver, deleteSigner, insertObservers } from './participants-repo.js';

export async function addSigner(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
  id: string,
  input: {
    /** a person, or (without) the signer group `groupId` in one signer's place (ADR 056) */
    email?: string | undefined;
    groupId?: string | undefined;
    name?: string | undefined;
    accountEmail?: string | undefined;
    documentSignatures: { documentId: string; placement?: Placement | null | undefined }[];
  },
): Promise<void> {
  const email = input.email?.toLowerCase() ?? '';
  const group = input.groupId ? await groupForRequest(createGroupRepo(deps.db), caller, input.groupId) : null;
  // One signer is one person: the account that may sign is the one behind the invited address.
  // Naming another account would let that account sign under this address's name.
  if (input.accountEmail !== undefined && input.accountEmail.toLowerCase() !== email) {
    throw new AppError(
      'signer.identity_conflict',
      'account_email and signer_identity_data.email_address name different people; a signer is one person',
    );
  }
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'add_signer');
  if (
    group
      ? request.signers.some((s) => s.group?.id === group.id)
      : request.signers.some((s) => s.email === email)
  ) {
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
  const signatureFields = toFieldRecords(
    input.documentSignatures.flatMap((ds) =>
      ds.placement ? [signatureFieldFrom(signerId, ds.documentId, ds.placement)] : [],
    ),
    [],
  ).map((f) => ({ ...f, position: request.fields.length + f.position }));
  const now = deps.clock.now().toISOString();
  await writeRequest(deps, request, {}, now, async (trx) => {
    await repo.insertSigner(trx, {
      id: signerId,
      requestId: id,
      position: request.signers.length === 0 ? 0 : Math.max(...request.signers.map((s) => s.position)) + 1,
      email,
      name: input.name ?? null,
      accountUserId: email ? await linkedAccount(trx, email) : null,
      group,
      status: 'pending',
      // every signer signs every document; a signature field makes it visible
      fields: request.documents.map((d) => ({ documentId: d.id, fieldName: fieldNameFor(signerId) })),
      createdAt: now,
    });
    await insertFields(trx, id, signatureFields);
    await appendEvent(trx, id, {
      type: 'signer_added',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: group ? { email, group: group.name } : { email },
    });
  });
  if (email) await recordContacts(deps, caller.userId, [email], now);
}

export async function removeSigner(
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
  id: string,
  signerId: string,
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'remove_signer');
  const signer = request.signers.find((s) => s.id === signerId);
  if (!signer) throw new AppError('signer.not_found', 'No such signer in this request');
  const now = deps.clock.now().toISOString();
  await writeRequest(deps, request, {}, now, async (trx) => {
    await deleteSigner(trx, signerId);
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
  deps: Pick<RequestsDeps, 'clock' | 'db'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
  id: string,
  changes: {
    title?: string | undefined;
    message?: string | undefined;
    quality?: 'ses' | 'aes' | 'qes' | undefined;
    legislation?: 'eidas' | 'zertes' | undefined;
    expiresAt?: string | null | undefined;
    tanRequired?: boolean | undefined;
  },
): Promise<void> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (changes.expiresAt) set['expiresAt'] = requireValidExpiry(changes.expiresAt, deps.clock.now());
  if (Object.keys(set).length === 0) return;
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'edit');
  // The upload screen sends title, message and level with every save: what the request already
  // says is no change, and the audit log must not claim one.
  const changed = Object.fromEntries(
    Object.entries(set).filter(([key, value]) => request[key as keyof typeof changes] !== value),
  );
  if (Object.keys(changed).length === 0) return;
  const now = deps.clock.now().toISOString();
  await writeRequest(deps, request, changed, now, async (trx) => {
    await appendEvent(trx, id, {
      type: 'details_changed',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: changed,
    });
  });
}

export async function setObservers(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'log' | 'mailer' | 'publicUrl'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
  id: string,
  emails: string[],
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'add_observer');
  const wanted = new Set(emails.map((e) => e.toLowerCase()));
  const now = deps.clock.now().toISOString();
  const added = [...wanted].filter((e) => !request.observers.some((o) => o.email === e));
  const removed = request.observers.filter((o) => !wanted.has(o.email));
  // The upload screen sends the observers with every save: the same list again is no change,
  // and the audit log must not claim one.
  if (added.length === 0 && removed.length === 0) return;
  await writeRequest(deps, request, {}, now, async (trx) => {
    for (const o of removed) await deleteObserver(trx, o.id);
    await insertObservers(trx, id, added, now);
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
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'log' | 'mailer' | 'publicUrl'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
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
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'log' | 'mailer' | 'publicUrl'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
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
