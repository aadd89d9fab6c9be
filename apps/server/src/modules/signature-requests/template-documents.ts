// Documents for templates (ADR 100): PDFs uploaded straight into a template are received, checked
// and stored exactly as a draft's uploads are, and a template's pages are drawn as a draft's are.
// The templates module sits below this one, so the composition root hands it these two.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { TemplateDocument } from '../templates/index.js';
import type { RequestsDeps } from './deps.js';
import { commitUploads, drawnPage, stageDocuments, type UploadedFile } from './documents.js';
import { templateDocumentOf } from './from-template.js';
import { originalLookName } from './page-looks.js';
import { receiveFiles, releasingUploads } from './received-uploads.js';

/**
 * Receives the PDFs of a multipart body, checks and stores them, and hands them to `use` (which
 * writes the template); if `use` fails, the bytes only they would have used go, and the files
 * received go whatever happens. `count` says how many files the call takes.
 */
export async function receiveTemplateDocuments<T>(
  deps: Pick<RequestsDeps, 'blobs' | 'clock' | 'db' | 'pdf'>,
  request: FastifyRequest,
  count: 'one' | 'some',
  use: (documents: TemplateDocument[]) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart())
    throw new AppError('request.unsupported_media_type', 'Upload PDFs as multipart/form-data');
  const files: UploadedFile[] = [];
  return releasingUploads(deps.blobs, [files], async () => {
    await receiveFiles(deps.blobs, request, files);
    if (files.length === 0 || (count === 'one' && files.length > 1))
      throw new AppError(
        'request.validation_failed',
        count === 'one' ? 'Attach one PDF as "document"' : 'Attach at least one PDF as "documents"',
      );
    const staged = await stageDocuments(deps, '', 0, files, deps.clock.now().toISOString());
    const documents = staged.map(templateDocumentOf);
    let result: { value: T } | undefined;
    await commitUploads(
      deps,
      documents.map((d) => d.sha256),
      files,
      async () => {
        result = { value: await use(documents) };
      },
    );
    return result!.value;
  });
}

/** A page of a template's document as uploaded, drawn (or read from the cache) as a draft's. */
export function drawTemplatePage(
  deps: Pick<RequestsDeps, 'blobs' | 'cacheDir' | 'liveness' | 'pdf'>,
  document: Pick<TemplateDocument, 'sha256' | 'pageCount'>,
  page: number,
  options: { scale: number; format: 'webp' | 'png' },
): Promise<{ bytes: Buffer; etag: string }> {
  if (page > document.pageCount)
    throw new AppError('pdf.page_out_of_range', `The document has ${document.pageCount} pages`);
  return drawnPage(deps, document.sha256, originalLookName(document.sha256), page, options);
}
