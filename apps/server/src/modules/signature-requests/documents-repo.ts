// SQL of a request's documents: adding one (and a field for it per signer), moving it to a new
// revision only from the one a writer started from, finding the request a document belongs to,
// removing one from a draft, and whether any document, attachment or waiting mail still points at
// a stored file (the blob sweep asks before it removes one).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldNameFor, type DocumentRecord } from './model.js';
import { isTemplateBlob } from '../templates/index.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertDocument(db: Db, d: DocumentRecord): Promise<void> {
  await db
    .insertInto('documents')
    .values({
      id: d.id,
      request_id: d.requestId,
      position: d.position,
      title: d.title,
      file_name: d.fileName,
      page_count: d.pageCount,
      pages: JSON.stringify(d.pages),
      original_sha256: d.originalSha256,
      original_size: d.originalSize,
      current_sha256: d.currentSha256,
      current_size: d.currentSize,
      revision: d.revision,
      created_at: d.createdAt,
    })
    .execute();
}

/** Moves a document to a new revision only if it is still at the one the writer started from. */
export async function advanceDocument(
  db: Db,
  d: { id: string; fromSha256: string; toSha256: string; toSize: number; revisionsAdded: number },
): Promise<boolean> {
  const result = await db
    .updateTable('documents')
    .set({
      current_sha256: d.toSha256,
      current_size: d.toSize,
      revision: sql<number>`revision + ${d.revisionsAdded}`,
    })
    .where('id', '=', d.id)
    .where('current_sha256', '=', d.fromSha256)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addFieldsForDocument(db: Db, requestId: string, documentId: string): Promise<void> {
  const signers = await db.selectFrom('signers').select('id').where('request_id', '=', requestId).execute();
  for (const s of signers) {
    await db
      .insertInto('signer_fields')
      .values({
        signer_id: s.id,
        document_id: documentId,
        field_name: fieldNameFor(s.id),
      })
      .onConflict((oc) => oc.columns(['signer_id', 'document_id']).doNothing())
      .execute();
  }
}

/** The request a document belongs to, if the document exists. */
export async function requestIdOfDocument(db: Db, documentId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('documents')
    .select('request_id')
    .where('id', '=', documentId)
    .executeTakeFirst();
  return row?.request_id;
}

/** Removes a document row; the rows that name it (its signers' fields) go with it by their keys. */
export async function deleteDocumentRow(db: Db, documentId: string): Promise<void> {
  await db.deleteFrom('documents').where('id', '=', documentId).execute();
}

/** Whether any document revision, attachment, template document or waiting mail still points at a blob. */
export async function isBlobReferenced(db: Db, sha: string): Promise<boolean> {
  const doc = await db
    .selectFrom('documents')
    .select('id')
    .where((eb) => eb.or([eb('original_sha256', '=', sha), eb('current_sha256', '=', sha)]))
    .limit(1)
    .executeTakeFirst();
  if (doc) return true;
  const attachment = await db
    .selectFrom('attachments')
    .select('id')
    .where('sha256', '=', sha)
    .limit(1)
    .executeTakeFirst();
  if (attachment) return true;
  // a template's document: the drafts and requests made from it share its bytes (ADR 080)
  if (await isTemplateBlob(db, sha)) return true;
  // a mail still waiting in the outbox (providers/mail/outbox.ts) may carry it
  const mail = await db
    .selectFrom('mail_outbox_attachments')
    .select('mail_id')
    .where('sha256', '=', sha)
    .limit(1)
    .executeTakeFirst();
  return mail !== undefined;
}
