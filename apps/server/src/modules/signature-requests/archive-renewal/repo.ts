// SQL of archive renewal (ADR 089): enrolling completed documents, finding and claiming the ones
// whose check is due, reading one under its lock, and writing down what a check or renewal found.
// A claim moves `next_check_at` forward compare-and-set, so several servers never take the same
// document at once, and a claim whose server died lapses when that time comes.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Adds a row, due at `now`, for up to `limit` documents of completed requests that have none. */
export async function enrolCompletedDocuments(db: Db, now: string, limit: number): Promise<number> {
  const rows = await db
    .selectFrom('documents as d')
    .innerJoin('signature_requests as r', 'r.id', 'd.request_id')
    .leftJoin('archive_renewals as a', 'a.document_id', 'd.id')
    .select(['d.id', 'd.request_id'])
    .where('r.status', '=', 'completed')
    .where('a.document_id', 'is', null)
    .orderBy('d.id')
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  await db
    .insertInto('archive_renewals')
    .values(rows.map((row) => ({ document_id: row.id, request_id: row.request_id, next_check_at: now })))
    .onConflict((oc) => oc.column('document_id').doNothing())
    .execute();
  return rows.length;
}

export interface DueRenewal {
  documentId: string;
  nextCheckAt: string;
  attempts: number;
}

/** Up to `limit` documents whose check is due at `now`, the longest waiting first. */
export async function findDue(db: Db, now: string, limit: number): Promise<DueRenewal[]> {
  const rows = await db
    .selectFrom('archive_renewals')
    .select(['document_id', 'next_check_at', 'attempts'])
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    documentId: row.document_id,
    nextCheckAt: row.next_check_at!,
    attempts: Number(row.attempts),
  }));
}

/** Takes a due document until `until`; false when another server took it first. */
export async function claim(db: Db, due: DueRenewal, until: string): Promise<boolean> {
  const result = await db
    .updateTable('archive_renewals')
    .set({ next_check_at: until })
    .where('document_id', '=', due.documentId)
    .where('next_check_at', '=', due.nextCheckAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface RenewableDocument {
  id: string;
  requestId: string;
  currentSha256: string;
  isCompleted: boolean;
}

export async function readDocument(db: Db, documentId: string): Promise<RenewableDocument | undefined> {
  const row = await db
    .selectFrom('documents as d')
    .innerJoin('signature_requests as r', 'r.id', 'd.request_id')
    .select(['d.id', 'd.request_id', 'd.current_sha256', 'r.status'])
    .where('d.id', '=', documentId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      requestId: row.request_id,
      currentSha256: row.current_sha256,
      isCompleted: row.status === 'completed',
    }
  );
}

/** What a check found: the proof's end and the next check (null: never), the attempts cleared. */
export async function recordChecked(
  db: Db,
  documentId: string,
  found: { provenUntil: string | null; nextCheckAt: string | null; renewedAt?: string },
): Promise<void> {
  await db
    .updateTable('archive_renewals')
    .set({
      proven_until: found.provenUntil,
      next_check_at: found.nextCheckAt,
      attempts: 0,
      last_error: null,
      ...(found.renewedAt ? { renewed_at: found.renewedAt } : {}),
    })
    .where('document_id', '=', documentId)
    .execute();
}

/** A renewal that failed: counted, its reason kept, tried again at `retryAt`. */
export async function recordFailure(
  db: Db,
  documentId: string,
  error: string,
  retryAt: string,
): Promise<void> {
  await db
    .updateTable('archive_renewals')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 500),
      next_check_at: retryAt,
    }))
    .where('document_id', '=', documentId)
    .execute();
}

/** Looks at the document again at `at`, nothing counted (someone else was writing it). */
export async function postpone(db: Db, documentId: string, at: string): Promise<void> {
  await db
    .updateTable('archive_renewals')
    .set({ next_check_at: at })
    .where('document_id', '=', documentId)
    .execute();
}

export interface RenewalState {
  provenUntil: string | null;
  nextCheckAt: string | null;
  attempts: number;
  lastError: string | null;
  renewedAt: string | null;
}

export async function readState(db: Db, documentId: string): Promise<RenewalState | undefined> {
  const row = await db
    .selectFrom('archive_renewals')
    .selectAll()
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return (
    row && {
      provenUntil: row.proven_until,
      nextCheckAt: row.next_check_at,
      attempts: Number(row.attempts),
      lastError: row.last_error,
      renewedAt: row.renewed_at,
    }
  );
}
