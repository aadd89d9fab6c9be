// The documents of a saved template (ADR 100): their pages drawn for whoever may read the template,
// and PDFs uploaded straight into it, added after its documents or put in the place of one, and a
// document removed with its fields. Receiving, checking, storing and drawing are signature-requests'
// own (handed in by the composition root), so a template's upload is refused exactly as a draft's.
// A request made from the template before holds its own rows and keeps its documents.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import {
  loadTemplate,
  presentTemplateOf,
  requireValidFields,
  type TemplateDeps,
} from './manage-templates.js';
import type { TemplateCaller } from './policy.js';
import type { TemplateDocument, TemplateRecord } from './repo.js';

/** Receiving, checking and storing uploaded PDFs, then `use` (signature-requests' uploads). */
export type ReceiveTemplateDocuments = <T>(
  request: FastifyRequest,
  count: 'one' | 'some',
  use: (documents: TemplateDocument[]) => Promise<T>,
) => Promise<T>;

/** A page of a stored document as uploaded, drawn or from the cache. */
export type DrawTemplatePage = (
  document: Pick<TemplateDocument, 'sha256' | 'pageCount'>,
  page: number,
  options: { scale: number; format: 'webp' | 'png' },
) => Promise<{ bytes: Buffer; etag: string }>;

export interface TemplateDocumentDeps extends TemplateDeps {
  receiveDocuments: ReceiveTemplateDocuments;
  drawPage: DrawTemplatePage;
}

function documentOf(template: TemplateRecord, documentId: string): TemplateDocument {
  const document = template.documents.find((d) => d.id === documentId);
  if (!document) throw new AppError('template.document_not_found', 'The template has no such document');
  return document;
}

/** GET /v3/templates/{id}/documents/{documentId}/pages/{n} */
export async function templatePageImage(
  deps: Pick<TemplateDocumentDeps, 'templates' | 'drawPage'>,
  caller: TemplateCaller,
  id: string,
  documentId: string,
  page: number,
  options: { scale: number; format: 'webp' | 'png' },
) {
  const template = await loadTemplate(deps, caller, id, 'view');
  return deps.drawPage(documentOf(template, documentId), page, options);
}

/**
 * Writes `change` of the template as it is once the upload is stored: read again then, so a change
 * made while the files arrived is not lost; the caller's right was checked before anything was read.
 */
async function changeWithUpload(
  deps: TemplateDocumentDeps,
  caller: TemplateCaller,
  id: string,
  request: FastifyRequest,
  count: 'one' | 'some',
  change: (template: TemplateRecord, uploaded: TemplateDocument[]) => TemplateRecord,
) {
  await loadTemplate(deps, caller, id, 'update');
  return deps.receiveDocuments(request, count, async (uploaded) => {
    const template = await loadTemplate(deps, caller, id, 'update');
    const next = { ...change(template, uploaded), updatedAt: deps.clock.now().toISOString() };
    requireValidFields(next);
    await deps.templates.update(next);
    return presentTemplateOf(deps, caller, next);
  });
}

/** POST /v3/templates/{id}/documents: the uploaded PDFs after the template's documents. */
export function addTemplateDocuments(
  deps: TemplateDocumentDeps,
  caller: TemplateCaller,
  id: string,
  request: FastifyRequest,
) {
  return changeWithUpload(deps, caller, id, request, 'some', (template, uploaded) => ({
    ...template,
    documents: [...template.documents, ...uploaded],
  }));
}

/** PUT /v3/templates/{id}/documents/{documentId}: the uploaded PDF in the place of one, keeping its id and fields. */
export function replaceTemplateDocument(
  deps: TemplateDocumentDeps,
  caller: TemplateCaller,
  id: string,
  documentId: string,
  request: FastifyRequest,
) {
  return changeWithUpload(deps, caller, id, request, 'one', (template, [uploaded]) => {
    documentOf(template, documentId);
    return {
      ...template,
      documents: template.documents.map((d) => (d.id === documentId ? { ...uploaded!, id: documentId } : d)),
    };
  });
}

/** DELETE /v3/templates/{id}/documents/{documentId}: the document and the fields placed on it. */
export async function removeTemplateDocument(
  deps: TemplateDeps,
  caller: TemplateCaller,
  id: string,
  documentId: string,
) {
  const template = await loadTemplate(deps, caller, id, 'update');
  documentOf(template, documentId);
  // its bytes stay while a request or another template names them; the blob sweep takes the rest
  const next: TemplateRecord = {
    ...template,
    documents: template.documents.filter((d) => d.id !== documentId),
    fields: template.fields.filter((f) => f.documentId !== documentId),
    updatedAt: deps.clock.now().toISOString(),
  };
  await deps.templates.update(next);
  return presentTemplateOf(deps, caller, next);
}
