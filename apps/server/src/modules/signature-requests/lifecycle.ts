// A request's life after the draft: send (initiate), decline, withdraw and remind, each a move
// of the state machine written compare-and-set (ADR 022), and the mails each one sends.
import { defaultExpiry, expiryReminderAt } from '@countersign/domain';
import { AppError } from '../../lib/app-error.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';

import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { appendEvent } from './events-repo.js';
import { pdfFieldsOf } from './fields/pdf-fields.js';
import { addressesOf, notify, partiesToTell, requestViewLink, signerLink } from './notify.js';
import { linkGrantTimes } from './link-grants.js';
import * as repo from './repo.js';
import { deleteNewRevisionIfUnused } from './blob-removal.js';
import {
  actorOf,
  advanceDocuments,
  nextState,
  requireRequest,
  requireValidExpiry,
  writeRequest,
} from './service.js';

/**
 * Send: one revision per document adds every signer's empty signature field and every fillable
 * field placed for them (so later signatures only fill their own fields, ADR 039), each signer
 * gets a link token, and the request opens. The new revisions are stored before the transaction
 * that points the documents at them.
 */
export async function initiate(
  deps: Pick<
    RequestsDeps,
    'blobs' | 'clock' | 'db' | 'log' | 'mailer' | 'pdf' | 'plans' | 'publicUrl' | 'requestExpiry'
  >,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
  id: string,
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'initiate');
  await deps.plans?.checkCanSend(request.ownerId);
  if (request.documents.length === 0)
    throw new AppError('signature_request.no_documents', 'Add at least one document first');
  if (request.signers.length === 0)
    throw new AppError('signature_request.no_signers', 'Add at least one signer first');
  const state = nextState(request, { type: 'initiate' });
  const prepared: { id: string; from: string; to: string; size: number }[] = [];
  try {
    for (const doc of request.documents) {
      const { signatureFields, formFields } = pdfFieldsOf(request, doc.id);
      const from = await deps.blobs.get(doc.currentSha256);
      const bytes = await deps.pdf.addRequestFields(from, signatureFields, formFields);
      prepared.push({
        id: doc.id,
        from: doc.currentSha256,
        // an incremental update: stored as a tail of the revision it extends (ADR 032)
        to: await deps.blobs.put(bytes, { sha256: doc.currentSha256, bytes: from }),
        size: bytes.length,
      });
    }
  } catch (err) {
    // a later document refused its fields: the revisions stored so far would be orphans
    for (const p of prepared) await deleteNewRevisionIfUnused(deps, p.to);
    throw err;
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
      await advanceDocuments(
        trx,
        prepared.map((p) => ({ ...p, revisionsAdded: 1 })),
        'prepared',
      );
      // every signer signs every document: an invisible field where the sender placed none
      for (const d of request.documents) await repo.addFieldsForDocument(trx, id, d.id);
      // a signer group's members sign signed in, with no link of their own (ADR 056)
      for (const s of request.signers.filter((signer) => !signer.group))
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
    for (const p of prepared) await deleteNewRevisionIfUnused(deps, p.to);
    throw err;
  }
  for (const s of request.signers) {
    for (const to of addressesOf(s)) {
      await notify(deps, request, 'invitation', to, {
        link: s.group ? requestViewLink(deps, id) : signerLink(deps, id, s, tokens.get(s.id)),
        ...(request.message && { message: request.message }),
      });
    }
  }
  for (const o of request.observers) await notify(deps, request, 'observer', o.email);
}

export async function decline(
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'log' | 'mailer' | 'publicUrl'>,
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
    await repo.endSignerLinks(trx, id, linkGrantTimes(now));
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
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'failpoint' | 'log' | 'mailer' | 'publicUrl'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
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
    await repo.endSignerLinks(trx, id, linkGrantTimes(now));
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
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'log' | 'mailer' | 'publicUrl'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
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
    for (const s of pending.filter((signer) => !signer.group))
      await repo.addSignerToken(trx, s.id, hashToken(tokens.get(s.id) ?? ''), now);
    await appendEvent(trx, id, {
      type: 'reminded',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: { signers: pending.flatMap((s) => addressesOf(s)) },
    });
  });
  for (const s of pending) {
    const link = s.group ? requestViewLink(deps, id) : signerLink(deps, id, s, tokens.get(s.id));
    for (const to of addressesOf(s)) await notify(deps, request, 'reminder', to, { link });
  }
  return pending.length;
}
