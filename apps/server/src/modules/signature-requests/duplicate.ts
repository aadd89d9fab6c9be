// Duplicate a request: a new draft of the owner's with the same title, message, level, documents
// (as they were uploaded, before any field or signature), signers, observers, attachments and
// fields, whatever became of the original (sent, completed, declined). The deadline is not
// copied: it was chosen for the original's sending.
import { randomUUID } from 'node:crypto';
import { newId } from '../../lib/tokens.js';
import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { appendEvent } from './events-repo.js';
import { insertFields } from './fields/repo.js';
import { fieldNameFor, formFieldNameFor, type DocumentRecord, type FieldRecord } from './model.js';
import * as repo from './repo.js';
import { actorOf, linkedAccount, requireRequest } from './service.js';
import { insertObservers } from './participants-repo.js';
import { insertAttachmentRows } from './attachments-repo.js';

export async function duplicateRequest(
  deps: Pick<RequestsDeps, 'blobs' | 'clock' | 'db'>,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
  id: string,
): Promise<string> {
  const source = await requireRequest(deps, id);
  authorize(source, caller, 'duplicate');
  const now = deps.clock.now().toISOString();
  const copyId = newId();
  const documentIds = new Map(source.documents.map((d) => [d.id, newId()]));
  // only the signers who were asked by the sender: a delegate came in later, in someone's place
  const signers = source.signers.filter((s) => s.delegatedFrom === null);
  const signerIds = new Map(signers.map((s) => [s.id, newId()]));
  const delegatedTo = new Map(
    source.signers.filter((s) => s.delegatedFrom).map((s) => [s.id, s.delegatedFrom!]),
  );
  // read now, to be written again after the commit if a removal took them meanwhile (ADR 034)
  const originals = await Promise.all(source.documents.map((d) => deps.blobs.get(d.originalSha256)));
  const attached = await Promise.all(source.attachments.map((a) => deps.blobs.get(a.sha256)));
  const documents = source.documents.map((d): DocumentRecord => ({
    ...d,
    id: documentIds.get(d.id)!,
    requestId: copyId,
    currentSha256: d.originalSha256,
    currentSize: d.originalSize,
    revision: 0,
    createdAt: now,
  }));
  const fields = source.fields.flatMap((f): FieldRecord[] => {
    // a delegate's fields were the delegator's to begin with
    const signerId = signerIds.get(delegatedTo.get(f.signerId) ?? f.signerId);
    const documentId = documentIds.get(f.documentId);
    if (!signerId || !documentId) return [];
    const fieldName =
      f.kind === 'signature' ? fieldNameFor(signerId) : formFieldNameFor(f.kind, randomUUID());
    return [{ ...f, signerId, documentId, fieldName, value: null }];
  });
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertRequest(trx, {
      id: copyId,
      ownerId: caller.userId,
      title: source.title,
      message: source.message,
      status: 'draft',
      quality: source.quality,
      legislation: source.legislation,
      createdAt: now,
      expiresAt: null,
      tanRequired: source.tanRequired,
    });
    for (const d of documents) await repo.insertDocument(trx, d);
    for (const s of signers) {
      const signerId = signerIds.get(s.id)!;
      await repo.insertSigner(trx, {
        id: signerId,
        requestId: copyId,
        position: s.position,
        email: s.email,
        name: s.name,
        accountUserId: await linkedAccount(trx, s.email),
        status: 'pending',
        fields: documents.map((d) => ({ documentId: d.id, fieldName: fieldNameFor(signerId) })),
        createdAt: now,
      });
    }
    await insertFields(trx, copyId, fields);
    await insertObservers(
      trx,
      copyId,
      source.observers.map((o) => o.email),
      now,
    );
    await insertAttachmentRows(
      trx,
      source.attachments.map((a) => ({ ...a, id: newId(), requestId: copyId, createdAt: now })),
    );
    await repo.syncParticipants(trx, copyId);
    await appendEvent(trx, copyId, {
      type: 'created',
      at: now,
      actor: actorOf(caller),
      ip: caller.ip,
      data: { title: source.title, duplicateOf: source.id },
    });
  });
  for (const [i, d] of source.documents.entries()) await deps.blobs.ensure(d.originalSha256, originals[i]!);
  for (const [i, a] of source.attachments.entries()) await deps.blobs.ensure(a.sha256, attached[i]!);
  return copyId;
}
