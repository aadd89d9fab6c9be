// Creating a request with its documents and attachments (POST /v3/signature-requests, multipart)
// is one unit: every file is checked and stored first, then the request, its signers, observers,
// documents and attachments are written in one transaction. Either the caller gets 201 with
// everything, or nothing a user can see remains: a refused file, a failed commit or a process
// killed midway leaves no draft without its documents (stored bytes no row names are removed at
// once, or by start-up recovery after a crash, ADR 046).
import { newId } from '../../lib/tokens.js';
import type { Caller } from './access.js';
import { insertAttachments, stageAttachments } from './attachments.js';
import type { RequestsDeps } from './deps.js';
import {
  discardUploads,
  commitUploads,
  insertDocuments,
  stageDocuments,
  type PrerenderDeps,
  type UploadedFile,
} from './documents.js';
import type { AttachmentRecord, DocumentRecord } from './model.js';
import { actorOf, createRequest } from './service.js';

export async function createRequestWithFiles(
  deps: Pick<RequestsDeps, 'blobs' | 'clock' | 'db' | 'failpoint' | 'pdf' | 'plans'> & PrerenderDeps,
  caller: Extract<Caller, { kind: 'person' | 'api_user' }>,
  input: Parameters<typeof createRequest>[2],
  uploads: { documents: UploadedFile[]; attachments: UploadedFile[] },
): Promise<string> {
  await deps.plans?.checkCanUpload(caller.userId);
  if (uploads.documents.length === 0 && uploads.attachments.length === 0)
    return createRequest(deps, caller, input);
  const id = newId();
  const now = deps.clock.now().toISOString();
  let documents: DocumentRecord[] = [];
  let attachments: AttachmentRecord[] = [];
  try {
    documents = await stageDocuments(deps, id, 0, uploads.documents, now);
    attachments = await stageAttachments(deps, id, 0, uploads.attachments, now);
  } catch (err) {
    // an attachment refused after the documents were stored
    await discardUploads(
      deps,
      documents.map((d) => d.originalSha256),
    );
    throw err;
  }
  await deps.failpoint('upload.stored');
  const event = { requestId: id, actor: actorOf(caller), ip: caller.ip, at: now };
  await commitUploads(
    deps,
    [...documents.map((d) => d.originalSha256), ...attachments.map((a) => a.sha256)],
    [...uploads.documents, ...uploads.attachments],
    async () => {
      await createRequest(deps, caller, input, {
        id,
        now,
        alongside: async (trx) => {
          await deps.failpoint('create.before_documents');
          if (documents.length > 0) await insertDocuments(deps, trx, event, documents);
          if (attachments.length > 0) await insertAttachments(trx, event, attachments);
        },
      });
    },
  );
  return id;
}
