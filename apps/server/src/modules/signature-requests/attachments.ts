// Attachments: files the sender includes for the parties to read (terms, annexes, plans) that are
// not signed themselves. The owner adds and removes them while the request is a draft; everyone
// who may see the request may download them. The type is decided from the bytes, not from the
// name or the type the browser claimed, and only types a browser shows safely are accepted.
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/tokens.js';
import { authorize, type Caller } from './access.js';
import type { RequestsDeps } from './deps.js';
import { type EventActor } from './events.js';
import { appendEvent } from './events-repo.js';
import type { AttachmentRecord, RequestRecord } from './model.js';
import { presentAttachment } from './presenter.js';
import { actorOf, requireRequest, writeRequest } from './service.js';
import { deleteUploadIfUnused } from './blob-removal.js';
import { commitUploads, type UploadedFile } from './documents.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { deleteAttachment, insertAttachmentRows } from './attachments-repo.js';

export const MAX_ATTACHMENTS = 10;

const SIGNATURES: { type: string; magic: number[] }[] = [
  { type: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
];

/**
 * The content type of an upload by its first bytes; plain text is valid UTF-8 without NULs. Read
 * a chunk at a time, so that a large text costs the serving thread no more than a chunk at once.
 */
export async function sniffAttachmentType(chunks: AsyncIterable<Uint8Array>): Promise<string | undefined> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let isFirst = true;
  try {
    for await (const chunk of chunks) {
      if (isFirst) {
        isFirst = false;
        const found = SIGNATURES.find((s) => s.magic.every((b, i) => chunk[i] === b));
        if (found) return found.type;
      }
      if (chunk.includes(0)) return undefined;
      decoder.decode(chunk, { stream: true });
    }
    // a character cut short at the end is not text either
    decoder.decode();
    return 'text/plain; charset=utf-8';
  } catch {
    return undefined;
  }
}

/** Types each file by its bytes and stores it; the rows come in the caller's transaction. */
export async function stageAttachments(
  deps: Pick<RequestsDeps, 'blobs'>,
  requestId: string,
  firstPosition: number,
  files: UploadedFile[],
  now: string,
): Promise<AttachmentRecord[]> {
  if (firstPosition + files.length > MAX_ATTACHMENTS)
    throw new AppError('attachment.too_many', `A request holds at most ${MAX_ATTACHMENTS} attachments`);
  const types: string[] = [];
  for (const f of files) {
    const type =
      f.received.size > 0 ? await sniffAttachmentType(fs.createReadStream(f.received.path)) : undefined;
    if (!type)
      throw new AppError(
        'attachment.type_not_allowed',
        `${f.fileName}: attach PDF, PNG, JPEG or plain text`,
        {
          fileName: f.fileName,
        },
      );
    types.push(type);
  }
  const stored: AttachmentRecord[] = [];
  for (const [i, file] of files.entries()) {
    stored.push({
      id: newId(),
      requestId,
      position: firstPosition + i,
      fileName: path.basename(file.fileName).slice(0, 255) || 'attachment',
      contentType: types[i]!,
      size: file.received.size,
      sha256: await deps.blobs.putReceived(file.received),
      createdAt: now,
    });
  }
  return stored;
}

/** The rows of staged attachments and their event, in the caller's transaction. */
export async function insertAttachments(
  trx: Transaction<Database>,
  event: { requestId: string; actor: EventActor; ip: string | null; at: string },
  stored: AttachmentRecord[],
): Promise<void> {
  await insertAttachmentRows(trx, stored);
  await appendEvent(trx, event.requestId, {
    type: 'attachments_added',
    at: event.at,
    actor: event.actor,
    ip: event.ip,
    data: { attachments: stored.map((a) => ({ id: a.id, fileName: a.fileName, sha256: a.sha256 })) },
  });
}

export async function addAttachments(
  deps: Pick<RequestsDeps, 'blobs' | 'clock' | 'db'>,
  caller: Caller,
  id: string,
  files: UploadedFile[],
): Promise<AttachmentRecord[]> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'edit');
  if (files.length === 0)
    throw new AppError('request.validation_failed', 'Send at least one file as "attachments"');
  const now = deps.clock.now().toISOString();
  const stored = await stageAttachments(deps, id, request.attachments.length, files, now);
  await commitUploads(
    deps,
    stored.map((a) => a.sha256),
    files,
    () =>
      writeRequest(deps, request, {}, now, (trx) =>
        insertAttachments(
          trx,
          { requestId: id, actor: actorOf(caller, request), ip: caller.ip, at: now },
          stored,
        ),
      ),
  );
  return stored;
}

function attachmentOf(request: RequestRecord, attachmentId: string): AttachmentRecord {
  const found = request.attachments.find((a) => a.id === attachmentId);
  if (!found) throw new AppError('attachment.not_found', 'No such attachment in this request');
  return found;
}

export async function getAttachment(
  deps: Pick<RequestsDeps, 'db'>,
  caller: Caller,
  id: string,
  attachmentId: string,
) {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'view');
  return presentAttachment(attachmentOf(request, attachmentId));
}

export async function attachmentContent(
  deps: Pick<RequestsDeps, 'blobs' | 'db'>,
  caller: Caller,
  id: string,
  attachmentId: string,
) {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'download');
  const attachment = attachmentOf(request, attachmentId);
  return { attachment, bytes: await deps.blobs.get(attachment.sha256) };
}

export async function removeAttachment(
  deps: Pick<RequestsDeps, 'blobs' | 'clock' | 'db'>,
  caller: Caller,
  id: string,
  attachmentId: string,
): Promise<void> {
  const request = await requireRequest(deps, id);
  authorize(request, caller, 'edit');
  const attachment = attachmentOf(request, attachmentId);
  const now = deps.clock.now().toISOString();
  await writeRequest(deps, request, {}, now, async (trx) => {
    await deleteAttachment(trx, attachmentId);
    await appendEvent(trx, id, {
      type: 'attachment_removed',
      at: now,
      actor: actorOf(caller, request),
      ip: caller.ip,
      data: { id: attachmentId, fileName: attachment.fileName },
    });
  });
  await deleteUploadIfUnused(deps, attachment.sha256);
}
