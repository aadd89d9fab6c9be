// The SQL of a request's attachments (attachments.ts, duplicate.ts, ADR 010): their rows, written
// in the caller's transaction once their blobs are stored.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AttachmentRecord } from './model.js';

type Tx = Transaction<Database>;

export async function insertAttachmentRows(tx: Tx, stored: readonly AttachmentRecord[]): Promise<void> {
  for (const a of stored)
    await tx
      .insertInto('attachments')
      .values({
        id: a.id,
        request_id: a.requestId,
        position: a.position,
        file_name: a.fileName,
        content_type: a.contentType,
        size: a.size,
        sha256: a.sha256,
        created_at: a.createdAt,
      })
      .execute();
}

export async function deleteAttachment(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('attachments').where('id', '=', id).execute();
}
