// Documents of a request: upload (checked by the PDF engine, stored content-addressed before the
// row that points at them), metadata, download of the original or signed revision, page images
// cached per look of the page (page-looks.ts), scale and format, and the zip of all documents.
import fs from 'node:fs/promises';
import path from 'node:path';
import { zipSync } from 'fflate';
import { IMAGE_PLACEHOLDER } from '@countersign/domain';
import { PdfError, type PdfSummary } from '@countersign/pdf';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/tokens.js';
import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { type EventActor } from './events.js';
import { appendEvent } from './events-repo.js';
import type { DocumentRecord, RequestRecord } from './model.js';
import * as repo from './repo.js';
import { deleteDocumentRow, requestIdOfDocument } from './documents-repo.js';
import { deleteUploadIfUnused } from './blob-removal.js';
import { pageImageFile, storePageImage } from '../../storage/page-cache.js';
import { pageLookName } from './page-looks.js';
import { loadDocumentMarks } from './page-looks-repo.js';
import { actorOf, requireRequest, writeRequest } from './service.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ReceivedBlob } from '../../storage/blob-store.js';

/** A file of a multipart upload, received to disk as it arrived (storage/received-blobs.ts). */
export interface UploadedFile {
  fileName: string;
  received: ReceivedBlob;
}

function titleFromFileName(fileName: string): string {
  return (
    path
      .basename(fileName)
      .replace(/\.pdf$/i, '')
      .slice(0, 200) || 'Document'
  );
}

/**
 * Checks one upload with the engine, which reads it from its file (on a PDF thread when served);
 * its refusals keep their codes (pdf.encrypted, ...).
 */
async function inspectUpload(deps: Pick<RequestsDeps, 'pdf'>, file: UploadedFile) {
  if (file.received.size === 0) throw new AppError('pdf.not_pdf', `${file.fileName} is empty`);
  let summary;
  try {
    summary = await deps.pdf.inspect(file.received.path);
  } catch (err) {
    // the engine's refusals keep their codes, also from a PDF thread (where they arrive as AppError)
    if ((err instanceof PdfError || err instanceof AppError) && err.code.startsWith('pdf.'))
      throw new AppError(err.code, `${file.fileName}: ${err.message}`, { fileName: file.fileName });
    throw new AppError('pdf.corrupt', `${file.fileName} cannot be read as a PDF`, {
      fileName: file.fileName,
    });
  }
  // nothing to show or sign: refused now rather than when the request is sent
  if (summary.pageCount === 0)
    throw new AppError('pdf.no_pages', `${file.fileName} has no pages`, { fileName: file.fileName });
  return summary;
}

/**
 * Checks each PDF and stores its bytes (blobs before the rows that name them, ADR 007). The rows
 * come in the caller's transaction (`insertDocuments`); if it does not commit, `discardUploads`.
 */
export async function stageDocuments(
  deps: Pick<RequestsDeps, 'blobs' | 'pdf'>,
  requestId: string,
  firstPosition: number,
  files: UploadedFile[],
  now: string,
): Promise<DocumentRecord[]> {
  const summaries: PdfSummary[] = [];
  for (const file of files) summaries.push(await inspectUpload(deps, file));
  const stored: DocumentRecord[] = [];
  for (const [i, file] of files.entries()) {
    const summary = summaries[i]!;
    const sha = await deps.blobs.putReceived(file.received);
    stored.push({
      id: newId(),
      requestId,
      position: firstPosition + i,
      title: titleFromFileName(file.fileName),
      fileName: path.basename(file.fileName).slice(0, 255),
      pageCount: summary.pageCount,
      pages: summary.pages.map((p) => ({ width: p.width, height: p.height })),
      originalSha256: sha,
      originalSize: file.received.size,
      currentSha256: sha,
      currentSize: file.received.size,
      revision: 0,
      createdAt: now,
    });
  }
  return stored;
}

/** The rows of staged documents and their event, in the caller's transaction. */
export async function insertDocuments(
  deps: Pick<RequestsDeps, 'failpoint'>,
  trx: Transaction<Database>,
  event: { requestId: string; actor: EventActor; ip: string | null; at: string },
  stored: DocumentRecord[],
): Promise<void> {
  for (const d of stored) {
    await repo.insertDocument(trx, d);
    await repo.addFieldsForDocument(trx, event.requestId, d.id);
  }
  await deps.failpoint('upload.before_commit');
  await appendEvent(trx, event.requestId, {
    type: 'documents_added',
    at: event.at,
    actor: event.actor,
    ip: event.ip,
    data: {
      documents: stored.map((d) => ({ id: d.id, fileName: d.fileName, sha256: d.originalSha256 })),
    },
  });
}

/** Staged uploads whose rows did not land: the blobs only they would have used go. */
export async function discardUploads(
  deps: Pick<RequestsDeps, 'blobs' | 'db'>,
  shas: string[],
): Promise<void> {
  for (const sha of shas) await deleteUploadIfUnused(deps, sha);
}

/**
 * Writes the rows of staged uploads (`shas`, stored from `files`). If they do not land, the blobs
 * go; if they do, bytes `put` found stored are ensured, as a removal may have taken them
 * meanwhile (ADR 034).
 */
export async function commitUploads(
  deps: Pick<RequestsDeps, 'blobs' | 'db'>,
  shas: string[],
  files: UploadedFile[],
  write: () => Promise<void>,
): Promise<void> {
  try {
    await write();
  } catch (err) {
    await discardUploads(deps, shas);
    throw err;
  }
  for (const [i, sha] of shas.entries()) await deps.blobs.ensure(sha, files[i]!.received);
}

export async function addDocuments(
  deps: Pick<RequestsDeps, 'blobs' | 'clock' | 'db' | 'failpoint' | 'pdf'> & PrerenderDeps,
  caller: Caller,
  id: string,
  files: UploadedFile[],
): Promise<string[]> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'edit');
  if (files.length === 0)
    throw new AppError('request.validation_failed', 'Attach at least one PDF as "documents"');
  const now = deps.clock.now().toISOString();
  const stored = await stageDocuments(deps, id, request.documents.length, files, now);
  await deps.failpoint('upload.stored');
  await commitUploads(
    deps,
    stored.map((d) => d.originalSha256),
    files,
    () =>
      writeRequest(deps, request, {}, now, (trx) =>
        insertDocuments(
          deps,
          trx,
          { requestId: id, actor: actorOf(caller, request), ip: caller.ip, at: now },
          stored,
        ),
      ),
  );
  return stored.map((d) => d.id);
}

async function documentWithRequest(
  deps: Pick<RequestsDeps, 'db'>,
  documentId: string,
): Promise<{ request: RequestRecord; document: DocumentRecord }> {
  const requestId = await requestIdOfDocument(deps.db, documentId);
  const request = requestId ? await repo.loadRequest(deps.db, requestId) : undefined;
  const document = request?.documents.find((d) => d.id === documentId);
  if (!request || !document) throw new AppError('document.not_found', 'No such document');
  return { request, document };
}

export async function getDocument(
  deps: Pick<RequestsDeps, 'blobs' | 'db' | 'pdf'>,
  caller: Caller,
  documentId: string,
) {
  const { request, document } = await documentWithRequest(deps, documentId);
  authorize(request, caller, 'view');
  const signatures =
    document.revision > 0 ? await deps.pdf.readSignatures(await deps.blobs.get(document.currentSha256)) : [];
  return {
    id: document.id,
    signatureRequestId: request.id,
    title: document.title,
    fileName: document.fileName,
    pageCount: document.pageCount,
    pages: document.pages,
    sha256: document.originalSha256,
    size: document.originalSize,
    revision: document.revision,
    signedSha256: document.revision > 0 ? document.currentSha256 : null,
    signatures: signatures.map((s) => ({
      fieldName: s.fieldName,
      kind: s.kind,
      signingTime: s.signingTime?.toISOString() ?? null,
      name: s.name ?? null,
      coversWholeFile: s.coversWholeFile,
    })),
  };
}

/**
 * Removes a document from its draft. Through `/v3/signature-requests/{id}/documents/{docId}` the
 * document must belong to that request: another request's document is not found there, even
 * when the caller owns both.
 */
export async function deleteDocument(
  deps: Pick<RequestsDeps, 'blobs' | 'clock' | 'db'>,
  caller: Caller,
  documentId: string,
  inRequest?: string,
): Promise<void> {
  const { request, document } = await documentWithRequest(deps, documentId);
  if (inRequest !== undefined && request.id !== inRequest)
    throw new AppError('document.not_found', 'No such document in this request');
  authorize(request, caller, 'edit');
  const now = deps.clock.now().toISOString();
  await writeRequest(deps, request, {}, now, async (trx) => {
    await deleteDocumentRow(trx, documentId);
    await appendEvent(trx, request.id, {
      type: 'document_removed',
      at: now,
      actor: actorOf(caller, request),
      ip: caller.ip,
      data: { id: documentId },
    });
  });
  await deleteUploadIfUnused(deps, document.originalSha256);
}

export async function downloadDocument(
  deps: Pick<RequestsDeps, 'blobs' | 'db'>,
  caller: Caller,
  documentId: string,
  signed: boolean,
) {
  const { request, document } = await documentWithRequest(deps, documentId);
  authorize(request, caller, 'download');
  const sha = signed ? document.currentSha256 : document.originalSha256;
  const base = document.fileName.replace(/\.pdf$/i, '');
  return {
    bytes: await deps.blobs.get(sha),
    fileName: signed ? `${base}-signed.pdf` : `${base}.pdf`,
    etag: sha,
  };
}

export async function pageImage(
  deps: Pick<RequestsDeps, 'blobs' | 'cacheDir' | 'db' | 'liveness' | 'pdf'>,
  caller: Caller,
  documentId: string,
  page: number,
  options: { scale: number; format: 'webp' | 'png'; isPlaceholder?: boolean },
) {
  const document = await repo.loadDocumentAccess(deps.db, documentId);
  if (!document) throw new AppError('document.not_found', 'No such document');
  authorize(document.request, caller, 'view');
  if (page < 1 || page > document.pageCount)
    throw new AppError('pdf.page_out_of_range', `The document has ${document.pageCount} pages`);
  return cachedPageImage(deps, documentId, page, options);
}

/**
 * A page's image from the cache, else drawn and kept. A page's image serves every later revision
 * that draws nothing new on it (page-looks.ts, ADR 082): a second signer is shown the first
 * signer's images of the pages neither signature nor filled field touched.
 */
export async function cachedPageImage(
  deps: Pick<RequestsDeps, 'blobs' | 'cacheDir' | 'db' | 'liveness' | 'pdf'>,
  documentId: string,
  page: number,
  options: { scale: number; format: 'webp' | 'png'; isPlaceholder?: boolean },
) {
  const document = await loadDocumentMarks(deps.db, documentId);
  if (!document) throw new AppError('document.not_found', 'No such document');
  // the revision drawn is the one whose marks named the look: both come from one statement
  return drawnPage(deps, document.currentSha256, pageLookName(document, page), page, options);
}

/**
 * A page of the bytes stored as `sha`, from the cache under the page's look name, else drawn and
 * kept. A template's document is drawn as uploaded: the look name of a draft's page (`<sha>-o`),
 * so the two share their images.
 */
export async function drawnPage(
  deps: Pick<RequestsDeps, 'blobs' | 'cacheDir' | 'liveness' | 'pdf'>,
  sha: string,
  look: string,
  page: number,
  options: { scale: number; format: 'webp' | 'png'; isPlaceholder?: boolean },
) {
  const { width, height, quality } = IMAGE_PLACEHOLDER;
  const size = options.isPlaceholder ? `p${width}x${height}q${quality}` : String(options.scale);
  const key = `${look}-${page}-${size}.${options.format}`;
  const file = pageImageFile(deps.cacheDir, key);
  try {
    return { bytes: await fs.readFile(file), etag: key };
  } catch {
    // a document stored whole is read by the engine from its file, on a PDF thread when served,
    // so its bytes do not pass through the serving thread
    const whole = deps.blobs.wholeFile(sha);
    const source = whole ? { file: whole } : await deps.blobs.get(sha);
    const bytes = await deps.pdf.render(source, page - 1, {
      scale: options.scale,
      format: options.format,
      ...(options.isPlaceholder && { box: { width, height }, quality }),
    });
    await storePageImage(file, bytes, deps.liveness.id);
    return { bytes: Buffer.from(bytes), etag: key };
  }
}

/** What drawing pages in advance uses: what the use cases that start it take besides their own. */
export type PrerenderDeps = Pick<
  RequestsDeps,
  'blobs' | 'cacheDir' | 'db' | 'liveness' | 'log' | 'pdf' | 'prerenderPages'
>;

/**
 * The step of the viewer's scales (apps/web page-scale.ts) that a desktop column of 800 CSS
 * pixels asks for on an A4 page; phones and high-density screens ask for others, drawn on demand.
 */
export const PRERENDER_SCALE = 150;
/** A long document's first pages only: the others are reached by scrolling, drawn on demand. */
export const PRERENDER_MAX_PAGES = 50;

/**
 * Starts drawing the documents' pages before anyone asks, once sent, so that the first signer
 * does not wait for each page (a draft is drawn as its sender looks at it, so an upload nobody
 * sends, hostile or not, costs no drawing): one page after the other, on the PDF threads, into the
 * cache pages are served from. Only with PDF threads: the serving thread never draws pages nobody
 * asked for. The promise, which never rejects, is for tests to wait on.
 */
export function prerenderPages(
  deps: PrerenderDeps,
  documents: readonly { id: string; pageCount: number }[],
): Promise<void> {
  if (!deps.prerenderPages) return Promise.resolve();
  return (async () => {
    for (const document of documents) {
      for (let page = 1; page <= Math.min(document.pageCount, PRERENDER_MAX_PAGES); page++) {
        try {
          await cachedPageImage(deps, document.id, page, { scale: PRERENDER_SCALE, format: 'webp' });
        } catch (err) {
          // the document went meanwhile, or its page is refused: drawn (or refused) on demand
          deps.log.warn({ err, documentId: document.id, page }, 'page not drawn in advance');
          break;
        }
      }
    }
  })();
}

export async function zipDocuments(
  deps: Pick<RequestsDeps, 'blobs' | 'db'>,
  caller: Caller,
  id: string,
  signed: boolean,
) {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'download');
  const files: Record<string, Uint8Array> = {};
  for (const d of request.documents) {
    const base = d.fileName.replace(/\.pdf$/i, '');
    let name = signed ? `${base}-signed.pdf` : `${base}.pdf`;
    for (let n = 2; files[name]; n++) name = `${base}-${n}.pdf`;
    files[name] = await deps.blobs.get(signed ? d.currentSha256 : d.originalSha256);
  }
  for (const a of request.attachments) {
    let name = `attachments/${a.fileName}`;
    for (let n = 2; files[name]; n++) name = `attachments/${n}-${a.fileName}`;
    files[name] = await deps.blobs.get(a.sha256);
  }
  // PDFs are already compressed: store them as they are.
  return {
    bytes: Buffer.from(zipSync(files, { level: 0 })),
    fileName: `${request.title.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'documents'}.zip`,
  };
}
