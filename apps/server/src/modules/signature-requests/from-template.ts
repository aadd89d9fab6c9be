// Requests and templates (ADR 080): a draft saved as a template (its signers become roles), and a
// request made from a template. The request is made by the same creation as any other (one signer
// per role, in the template's order) with the template's documents and fields copied in as rows of
// its own, pointing at the same stored bytes; sending it is the same `initiate`, which adds every
// signer's signature field in one revision, so each signature stays valid for every later one.
// Changing the template afterwards reaches none of this.
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/tokens.js';
import type {
  DraftForTemplate,
  TemplateCaller,
  TemplateDocument,
  TemplateRecord,
  TemplateUse,
} from '../templates/index.js';
import { authorize } from './access.js';
import type { PrerenderDeps } from './documents.js';
import type { RequestsDeps } from './deps.js';
import { insertDocuments } from './documents.js';
import { insertFields } from './fields/repo.js';
import { initiate } from './lifecycle.js';
import { fieldNameFor, formFieldNameFor, type DocumentRecord, type FieldRecord } from './model.js';
import { actorOf, createRequest, requireRequest } from './service.js';

/** The caller's draft as a template takes it over: documents as uploaded, signers as roles. */
/** A stored document as a template keeps it: the original, never a signed revision. */
export const templateDocumentOf = (
  d: Pick<
    DocumentRecord,
    'id' | 'title' | 'fileName' | 'pageCount' | 'pages' | 'originalSha256' | 'originalSize'
  >,
): TemplateDocument => ({
  id: d.id,
  title: d.title,
  fileName: d.fileName,
  pageCount: d.pageCount,
  pages: d.pages,
  sha256: d.originalSha256,
  size: d.originalSize,
});

export async function readDraftForTemplate(
  deps: Pick<RequestsDeps, 'db'>,
  caller: TemplateCaller,
  id: string,
): Promise<DraftForTemplate> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'duplicate');
  if (request.ownerId !== caller.userId)
    throw new AppError('signature_request.not_found', 'No such signature request');
  if (request.status !== 'draft')
    throw new AppError('template.source_not_draft', 'Only a draft can be saved as a template');
  const signers = request.signers.filter((s) => s.delegatedFrom === null);
  const roleOf = new Map(signers.map((s, i) => [s.id, `role-${i + 1}`]));
  return {
    defaults: {
      title: request.title,
      message: request.message,
      quality: request.quality,
      legislation: request.legislation,
      deadlineDays: null,
    },
    roles: signers.map((s, i) => ({
      id: roleOf.get(s.id)!,
      name: s.group?.name ?? s.name ?? `Signer ${i + 1}`,
    })),
    documents: request.documents.map(templateDocumentOf),
    fields: request.fields.flatMap((f) => {
      const roleId = roleOf.get(f.signerId);
      if (!roleId) return [];
      const { id, documentId, kind, required, label, page, x, y, width, height } = f;
      return [{ id, documentId, roleId, kind, required, label, page, x, y, width, height }];
    }),
  };
}

type MakeDeps = Pick<
  RequestsDeps,
  'blobs' | 'clock' | 'db' | 'failpoint' | 'log' | 'mailer' | 'pdf' | 'plans' | 'publicUrl' | 'requestExpiry'
> &
  PrerenderDeps;

/** A request of the caller's from a checked template use; sent unless `send` is false. */
export async function createRequestFromTemplate(
  deps: MakeDeps,
  caller: TemplateCaller,
  template: TemplateRecord,
  use: TemplateUse,
  send: boolean,
  /** more rows written in the transaction that makes the request (a bulk send's row, ADR 080) */
  alongside?: (trx: Transaction<Database>, requestId: string) => Promise<void>,
): Promise<{ signatureRequestId: string; status: 'draft' | 'open' }> {
  await deps.plans?.checkCanUpload(caller.userId);
  const id = newId();
  const now = deps.clock.now().toISOString();
  const signerIds = template.roles.map(() => newId());
  const signerOfRole = new Map(template.roles.map((r, i) => [r.id, signerIds[i]!]));
  const documentIds = new Map(template.documents.map((d) => [d.id, newId()]));
  const documents = template.documents.map((d, position): DocumentRecord => ({
    id: documentIds.get(d.id)!,
    requestId: id,
    position,
    title: d.title,
    fileName: d.fileName,
    pageCount: d.pageCount,
    pages: d.pages,
    originalSha256: d.sha256,
    originalSize: d.size,
    currentSha256: d.sha256,
    currentSize: d.size,
    revision: 0,
    createdAt: now,
  }));
  const fields = template.fields.map((f, position): FieldRecord => {
    const signerId = signerOfRole.get(f.roleId)!;
    return {
      ...f,
      signerId,
      documentId: documentIds.get(f.documentId)!,
      position,
      fieldName: f.kind === 'signature' ? fieldNameFor(signerId) : formFieldNameFor(f.kind, randomUUID()),
      // the sender's value; the signer's own signature writes it, or theirs instead (field-values.ts)
      value: use.fieldValues.get(f.id) ?? null,
    };
  });
  // read now, to be written again after the commit if a removal took them meanwhile (ADR 034)
  const bytes = await Promise.all(template.documents.map((d) => deps.blobs.get(d.sha256)));
  await createRequest(
    deps,
    caller,
    { ...use, quality: template.defaults.quality, legislation: template.defaults.legislation },
    {
      id,
      now,
      signerIds,
      alongside: async (trx) => {
        const event = { requestId: id, actor: actorOf(caller), ip: caller.ip, at: now };
        await insertDocuments(deps, trx, event, documents);
        await insertFields(trx, id, fields);
        await alongside?.(trx, id);
      },
    },
  );
  for (const [i, d] of template.documents.entries()) await deps.blobs.ensure(d.sha256, bytes[i]!);
  if (!send) return { signatureRequestId: id, status: 'draft' };
  await sendFromTemplate(deps, caller, id, use.reminderDays);
  return { signatureRequestId: id, status: 'open' };
}

/** Sends a request made from a template, with the template's reminder (the same `initiate` as any other). */
export async function sendFromTemplate(
  deps: Omit<MakeDeps, 'failpoint'>,
  caller: TemplateCaller,
  id: string,
  reminderDays: number | null,
): Promise<void> {
  await initiate(deps, caller, id, { reminderDays });
}
