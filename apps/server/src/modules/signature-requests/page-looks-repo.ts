// SQL of what a document's pages show: its original and current revision, and the fields placed
// on its pages with their values and their signers' state, in one statement so that the marks
// read belong to the revision read (a signature commits the revision, the signer's state and the
// field values together).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DocumentMarks, PlacedMark } from './page-looks.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function loadDocumentMarks(db: Db, documentId: string): Promise<DocumentMarks | undefined> {
  const rows = await db
    .selectFrom('documents as d')
    .leftJoin('request_fields as f', 'f.document_id', 'd.id')
    .leftJoin('signers as s', 's.id', 'f.signer_id')
    .select([
      'd.original_sha256',
      'd.current_sha256',
      'd.revision',
      'd.page_count',
      'f.id as field_id',
      'f.kind',
      'f.page',
      'f.x',
      'f.y',
      'f.width',
      'f.height',
      'f.value',
      's.status as signer_status',
    ])
    .where('d.id', '=', documentId)
    .orderBy('f.id')
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const marks: PlacedMark[] = [];
  for (const r of rows) {
    if (r.field_id === null || r.kind === null || r.page === null) continue;
    marks.push({
      id: r.field_id,
      kind: r.kind,
      page: Number(r.page),
      box: [Number(r.x), Number(r.y), Number(r.width), Number(r.height)],
      value: r.value,
      signerSigned: r.signer_status === 'signed',
    });
  }
  return {
    originalSha256: first.original_sha256,
    currentSha256: first.current_sha256,
    revision: Number(first.revision),
    pageCount: Number(first.page_count),
    marks,
  };
}
