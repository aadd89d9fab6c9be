// SQL of signature requests: loading a whole request, and the writes of its use cases. A
// document's own rows are in documents-repo.ts.
import { PostgresAdapter } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { searchTerms } from '@countersign/domain';
import type { FieldKind, SignatureRequestState, SignerState } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import {
  type AttachmentRecord,
  type DocumentRecord,
  type FieldRecord,
  type RequestRecord,
  type SignerRecord,
} from './model.js';
import type { ChainHead } from './events.js';
import type { RequestAccess, SignerAccess } from './access.js';

// the document rows' own queries, named here too for the modules that read them as `repo.*`
export { addFieldsForDocument, advanceDocument, insertDocument, isBlobReferenced } from './documents-repo.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A signer's signature box in a document: their signature field there, if one is placed. */
function signatureBoxOf(fields: FieldRecord[], signerId: string, documentId: string) {
  const f = fields.find(
    (x) => x.signerId === signerId && x.documentId === documentId && x.kind === 'signature',
  );
  return f ? { page: f.page, x: f.x, y: f.y, width: f.width, height: f.height } : null;
}

/** The columns of each child row loadRequest reads (named: SQLite's JSON helper needs them). */
const DOCUMENT_COLUMNS = [
  'id',
  'request_id',
  'position',
  'title',
  'file_name',
  'page_count',
  'pages',
  'original_sha256',
  'original_size',
  'current_sha256',
  'current_size',
  'revision',
  'created_at',
] as const;
const SIGNER_COLUMNS = [
  'id',
  'request_id',
  'position',
  'email',
  'name',
  'account_user_id',
  'status',
  'signed_at',
  'declined_at',
  'decline_message',
  'first_name',
  'last_name',
  'language',
  'delegated_from',
  'group_id',
  'group_name',
  'group_members',
] as const;
const SIGNER_FIELD_COLUMNS = ['signer_id', 'document_id', 'field_name'] as const;
const FIELD_COLUMNS = [
  'id',
  'signer_id',
  'document_id',
  'position',
  'kind',
  'required',
  'label',
  'page',
  'x',
  'y',
  'width',
  'height',
  'field_name',
  'value',
] as const;
const ATTACHMENT_COLUMNS = [
  'id',
  'request_id',
  'position',
  'file_name',
  'content_type',
  'size',
  'sha256',
  'created_at',
] as const;

/** "First Last" of the parts there are, or null when neither is. */
const fullName = (first: string | null, last: string | null): string | null =>
  [first, last].filter((part) => part !== null && part.trim() !== '').join(' ') || null;

/** A JSON array column as the driver hands it over: parsed (pg) or as text (SQLite). */
const jsonRows = <T>(value: T[] | string): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : value;

const jsonArrayFromOf = (db: Db) =>
  db.getExecutor().adapter instanceof PostgresAdapter ? pgJsonArrayFrom : sqliteJsonArrayFrom;

/**
 * A document with only what serving one of its page images needs: its page count and current
 * revision, and who its request's people are (for the access check). One statement, without the
 * request's documents, fields and attachments, which a 120-page document's editor would otherwise
 * load again for every page it shows.
 */
/** A signer group in a signer's place, from its columns (ADR 056). */
function groupOf(s: { group_id: string | null; group_name: string | null; group_members: string | null }) {
  return s.group_id && s.group_name
    ? { id: s.group_id, name: s.group_name, members: JSON.parse(s.group_members ?? '[]') as string[] }
    : null;
}

export async function loadDocumentAccess(
  db: Db,
  documentId: string,
): Promise<{ request: RequestAccess<SignerAccess>; pageCount: number; currentSha256: string } | undefined> {
  const jsonArrayFrom = jsonArrayFromOf(db);
  const row = await db
    .selectFrom('documents as d')
    .innerJoin('signature_requests as r', 'r.id', 'd.request_id')
    .select((eb) => [
      'd.page_count',
      'd.current_sha256',
      'r.owner_id',
      'r.status',
      jsonArrayFrom(
        eb
          .selectFrom('signers')
          .select([
            'id',
            'email',
            'account_user_id',
            'status',
            'delegated_from',
            'group_id',
            'group_name',
            'group_members',
          ])
          .whereRef('request_id', '=', 'r.id')
          .orderBy('position'),
      ).as('signers'),
      jsonArrayFrom(eb.selectFrom('observers').select(['email']).whereRef('request_id', '=', 'r.id')).as(
        'observers',
      ),
    ])
    .where('d.id', '=', documentId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    pageCount: Number(row.page_count),
    currentSha256: row.current_sha256,
    request: {
      ownerId: row.owner_id,
      status: row.status as SignatureRequestState,
      signers: jsonRows(row.signers).map((s) => ({
        id: s.id,
        email: s.email,
        accountUserId: s.account_user_id,
        status: s.status as SignerState,
        delegatedFrom: s.delegated_from,
        group: groupOf(s),
      })),
      observers: jsonRows(row.observers),
    },
  };
}

export async function loadRequest(db: Db, id: string): Promise<RequestRecord | undefined> {
  // one statement: the request, its owner, and each list of child rows as a JSON array
  const jsonArrayFrom = jsonArrayFromOf(db);
  const row = await db
    .selectFrom('signature_requests as r')
    .innerJoin('users as u', 'u.id', 'r.owner_id')
    .select((eb) => [
      'r.id',
      'r.owner_id',
      'r.title',
      'r.message',
      'r.status',
      'r.quality',
      'r.legislation',
      'r.created_at',
      'r.updated_at',
      'r.initiated_at',
      'r.completed_at',
      'r.ended_at',
      'r.end_message',
      'r.expires_at',
      'r.tan_required',
      'u.email as owner_email',
      'u.first_name as owner_first_name',
      'u.last_name as owner_last_name',
      jsonArrayFrom(
        eb
          .selectFrom('documents')
          .select(DOCUMENT_COLUMNS)
          .whereRef('request_id', '=', 'r.id')
          .orderBy('position'),
      ).as('documents'),
      jsonArrayFrom(
        eb
          .selectFrom('signers')
          // an account holder's name as their account gives it
          .leftJoin('users as acc', 'acc.id', 'signers.account_user_id')
          .select([
            ...SIGNER_COLUMNS.map((c) => `signers.${c}` as const),
            'acc.first_name as account_first_name',
            'acc.last_name as account_last_name',
          ])
          .whereRef('signers.request_id', '=', 'r.id')
          .orderBy('signers.position'),
      ).as('signers'),
      jsonArrayFrom(
        eb
          .selectFrom('signer_fields')
          .innerJoin('signers', 'signers.id', 'signer_fields.signer_id')
          .select(SIGNER_FIELD_COLUMNS.map((c) => `signer_fields.${c}` as const))
          .whereRef('signers.request_id', '=', 'r.id'),
      ).as('signer_fields'),
      jsonArrayFrom(
        eb
          .selectFrom('request_fields')
          .select(FIELD_COLUMNS)
          .whereRef('request_id', '=', 'r.id')
          .orderBy('position'),
      ).as('fields'),
      jsonArrayFrom(
        eb
          .selectFrom('observers')
          .select(['id', 'email'])
          .whereRef('request_id', '=', 'r.id')
          .orderBy('created_at'),
      ).as('observers'),
      jsonArrayFrom(
        eb
          .selectFrom('attachments')
          .select(ATTACHMENT_COLUMNS)
          .whereRef('request_id', '=', 'r.id')
          .orderBy('position'),
      ).as('attachments'),
    ])
    .where('r.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const documents = jsonRows(row.documents);
  const signers = jsonRows(row.signers);
  const signerFields = jsonRows(row.signer_fields);
  const fields = jsonRows(row.fields).map((f): FieldRecord => ({
    id: f.id,
    signerId: f.signer_id,
    documentId: f.document_id,
    position: Number(f.position),
    kind: f.kind as FieldKind,
    required: Number(f.required) === 1,
    label: f.label,
    page: Number(f.page),
    x: Number(f.x),
    y: Number(f.y),
    width: Number(f.width),
    height: Number(f.height),
    fieldName: f.field_name,
    value: f.value,
  }));
  const observers = jsonRows(row.observers);
  const attachments = jsonRows(row.attachments);
  return {
    id: row.id,
    ownerId: row.owner_id,
    ownerEmail: row.owner_email,
    ownerFirstName: row.owner_first_name,
    ownerLastName: row.owner_last_name,
    title: row.title,
    message: row.message,
    status: row.status as SignatureRequestState,
    quality: row.quality as RequestRecord['quality'],
    legislation: row.legislation as RequestRecord['legislation'],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    initiatedAt: row.initiated_at,
    completedAt: row.completed_at,
    endedAt: row.ended_at,
    endMessage: row.end_message,
    expiresAt: row.expires_at,
    tanRequired: Number(row.tan_required) === 1,
    documents: documents.map((d): DocumentRecord => ({
      id: d.id,
      requestId: d.request_id,
      position: Number(d.position),
      title: d.title,
      fileName: d.file_name,
      pageCount: Number(d.page_count),
      pages: JSON.parse(d.pages) as DocumentRecord['pages'],
      originalSha256: d.original_sha256,
      originalSize: Number(d.original_size),
      currentSha256: d.current_sha256,
      currentSize: Number(d.current_size),
      revision: Number(d.revision),
      createdAt: d.created_at,
    })),
    signers: signers.map((s): SignerRecord => ({
      id: s.id,
      requestId: s.request_id,
      position: Number(s.position),
      email: s.email,
      name: s.name,
      accountUserId: s.account_user_id,
      status: s.status as SignerState,
      signedAt: s.signed_at,
      declinedAt: s.declined_at,
      declineMessage: s.decline_message,
      firstName: s.first_name,
      lastName: s.last_name,
      language: s.language as SignerRecord['language'],
      delegatedFrom: s.delegated_from,
      accountName: fullName(s.account_first_name, s.account_last_name),
      group: groupOf(s),
      fields: signerFields
        .filter((f) => f.signer_id === s.id)
        .map((f) => ({
          documentId: f.document_id,
          fieldName: f.field_name,
          placement: signatureBoxOf(fields, s.id, f.document_id),
        })),
    })),
    observers,
    attachments: attachments.map((a): AttachmentRecord => ({
      id: a.id,
      requestId: a.request_id,
      position: Number(a.position),
      fileName: a.file_name,
      contentType: a.content_type,
      size: Number(a.size),
      sha256: a.sha256,
      createdAt: a.created_at,
    })),
    fields,
  };
}

export async function insertRequest(
  db: Db,
  r: Pick<
    RequestRecord,
    'id' | 'ownerId' | 'title' | 'message' | 'status' | 'quality' | 'legislation' | 'createdAt' | 'expiresAt'
  > &
    Partial<Pick<RequestRecord, 'tanRequired'>>,
): Promise<void> {
  await db
    .insertInto('signature_requests')
    .values({
      id: r.id,
      owner_id: r.ownerId,
      title: r.title,
      message: r.message,
      status: r.status,
      quality: r.quality,
      legislation: r.legislation,
      created_at: r.createdAt,
      updated_at: r.createdAt,
      initiated_at: null,
      completed_at: null,
      ended_at: null,
      end_message: null,
      expires_at: r.expiresAt,
      tan_required: r.tanRequired ? 1 : 0,
      expiry_reminder_at: null,
      events_head_hash: null,
    })
    .execute();
}

/**
 * Writes a change to a request, compare-and-set on its state: the row changes only while the
 * request is still in `from`, the state the caller read and decided in. Returns the head of the
 * request's event chain as the row holds it; undefined when another writer moved it first (a
 * withdraw landing during a signature, a signature completing during a withdraw); the caller then
 * refuses and its transaction rolls back. On PostgreSQL the update also locks the row, so a
 * second writer of the same request waits here and then finds it moved. Use it through service.ts
 * `writeRequest`, which also keeps the dashboard index in step.
 */
export async function updateRequest(
  db: Db,
  id: string,
  from: SignatureRequestState,
  changes: Partial<
    Pick<
      RequestRecord,
      | 'status'
      | 'initiatedAt'
      | 'completedAt'
      | 'endedAt'
      | 'endMessage'
      | 'ownerId'
      | 'title'
      | 'message'
      | 'quality'
      | 'legislation'
      | 'expiresAt'
      | 'tanRequired'
    >
  > & {
    expiryReminderAt?: string | null;
    /** the completion mail is owed from this commit on (completion/repo.ts takes it from there) */
    completionMailDue?: true;
  },
  now: string,
): Promise<ChainHead | undefined> {
  const moved = await db
    .updateTable('signature_requests')
    .set({
      ...(changes.ownerId !== undefined && { owner_id: changes.ownerId }),
      ...(changes.status !== undefined && { status: changes.status }),
      ...(changes.initiatedAt !== undefined && { initiated_at: changes.initiatedAt }),
      ...(changes.completedAt !== undefined && { completed_at: changes.completedAt }),
      ...(changes.endedAt !== undefined && { ended_at: changes.endedAt }),
      ...(changes.endMessage !== undefined && { end_message: changes.endMessage }),
      ...(changes.title !== undefined && { title: changes.title }),
      ...(changes.message !== undefined && { message: changes.message }),
      ...(changes.quality !== undefined && { quality: changes.quality }),
      ...(changes.legislation !== undefined && { legislation: changes.legislation }),
      ...(changes.expiresAt !== undefined && { expires_at: changes.expiresAt }),
      ...(changes.tanRequired !== undefined && { tan_required: changes.tanRequired ? 1 : 0 }),
      ...(changes.expiryReminderAt !== undefined && { expiry_reminder_at: changes.expiryReminderAt }),
      ...(changes.completionMailDue && { completion_mail_due: 1, completion_mail_claimed_at: null }),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning(['events_head_seq', 'events_head_hash'])
    .executeTakeFirst();
  return moved && { seq: Number(moved.events_head_seq), hash: moved.events_head_hash };
}

/** Deletes a request (its rows cascade) only while it is still in `from`; false if it moved. */
export async function deleteRequest(db: Db, id: string, from: SignatureRequestState): Promise<boolean> {
  const result = await db
    .deleteFrom('signature_requests')
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Rewrites the dashboard index rows of one request from its current owner, signers, observers,
 * status, times and title. Called in the same transaction as every change to a request
 * (service.ts `writeRequest`).
 */
export async function syncParticipants(db: Db, requestId: string): Promise<void> {
  const request = await db
    .selectFrom('signature_requests as r')
    .innerJoin('users as u', 'u.id', 'r.owner_id')
    .select(['r.status', 'r.title', 'r.created_at', 'r.updated_at', 'u.email', 'u.first_name', 'u.last_name'])
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  await db.deleteFrom('request_participants').where('request_id', '=', requestId).execute();
  await db.deleteFrom('request_search_terms').where('request_id', '=', requestId).execute();
  if (!request) return;
  const [signers, observers] = await Promise.all([
    // a signer is found by the invited address and by the address of the account it is linked to
    db
      .selectFrom('signers as s')
      .leftJoin('users as a', 'a.id', 's.account_user_id')
      .select([
        's.email as email',
        'a.email as accountEmail',
        's.name',
        's.first_name',
        's.last_name',
        's.group_members',
      ])
      .where('s.request_id', '=', requestId)
      .execute(),
    db.selectFrom('observers').select('email').where('request_id', '=', requestId).execute(),
  ]);
  // a signer group's members each find the request, as any of them may sign it (ADR 056)
  const emails = new Set([
    request.email,
    ...signers.flatMap((s) => (s.accountEmail ? [s.email, s.accountEmail] : [s.email])),
    ...signers.flatMap((s) => (s.group_members ? (JSON.parse(s.group_members) as string[]) : [])),
    ...observers.map((o) => o.email),
  ]);
  // a group's place has no address until a member signs
  emails.delete('');
  await db
    .insertInto('request_participants')
    .values(
      [...emails].map((email) => ({
        email,
        request_id: requestId,
        is_owner: email === request.email ? 1 : 0,
        status: request.status,
        title: request.title,
        created_at: request.created_at,
        updated_at: request.updated_at,
      })),
    )
    .execute();
  const terms = searchTerms(
    request.title,
    request.first_name,
    request.last_name,
    ...emails,
    ...signers.flatMap((s) => [s.name, s.first_name, s.last_name]),
  );
  if (terms.length > 0)
    await db
      .insertInto('request_search_terms')
      .values(terms.map((term) => ({ request_id: requestId, term })))
      .execute();
}

/**
 * What a signature changes in the dashboard index: the request's status and update time. The
 * people and the words they find it by stay as `syncParticipants` last wrote them.
 */
export async function touchParticipants(
  db: Db,
  requestId: string,
  status: SignatureRequestState,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('request_participants')
    .set({ status, updated_at: updatedAt })
    .where('request_id', '=', requestId)
    .execute();
}

export async function insertSigner(
  db: Db,
  s: Omit<
    SignerRecord,
    | 'accountName'
    | 'signedAt'
    | 'declinedAt'
    | 'declineMessage'
    | 'firstName'
    | 'lastName'
    | 'language'
    | 'delegatedFrom'
    | 'fields'
    | 'group'
  > & {
    group?: SignerRecord['group'];
    /** the name of their signature field in each document (boxes are request_fields) */
    fields: { documentId: string; fieldName: string }[];
    createdAt: string;
    delegatedFrom?: string;
  },
): Promise<void> {
  await db
    .insertInto('signers')
    .values({
      id: s.id,
      request_id: s.requestId,
      position: s.position,
      email: s.email,
      name: s.name,
      account_user_id: s.accountUserId,
      status: s.status,
      signed_at: null,
      declined_at: null,
      decline_message: null,
      created_at: s.createdAt,
      delegated_from: s.delegatedFrom ?? null,
      group_id: s.group?.id ?? null,
      group_name: s.group?.name ?? null,
      group_members: s.group ? JSON.stringify(s.group.members) : null,
    })
    .execute();
  for (const f of s.fields) {
    await db
      .insertInto('signer_fields')
      .values({
        signer_id: s.id,
        document_id: f.documentId,
        field_name: f.fieldName,
      })
      .execute();
  }
}

/**
 * Moves a signature on from pending (the only state a signature leaves, packages/domain),
 * compare-and-set like updateRequest: false when another writer moved it first.
 */
export async function updateSigner(
  db: Db,
  id: string,
  changes: {
    status: SignerState;
    signedAt?: string;
    declinedAt?: string;
    declineMessage?: string;
    /** a group's member taking the group's place (ADR 056): who they are */
    person?: { email: string; name: string | null; accountUserId: string };
  },
): Promise<boolean> {
  const result = await db
    .updateTable('signers')
    .set({
      status: changes.status,
      ...(changes.person && {
        email: changes.person.email,
        name: changes.person.name,
        account_user_id: changes.person.accountUserId,
      }),
      ...(changes.signedAt !== undefined && { signed_at: changes.signedAt }),
      ...(changes.declinedAt !== undefined && { declined_at: changes.declinedAt }),
      ...(changes.declineMessage !== undefined && { decline_message: changes.declineMessage }),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addSignerToken(
  db: Db,
  signerId: string,
  tokenHash: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('signer_tokens')
    .values({ token_hash: tokenHash, signer_id: signerId, created_at: now })
    .execute();
}

/** Once a request has ended, none of its links works any more. */
/**
 * Ends the request's links: each link token becomes a read-only grant under the same hash, valid
 * until `grantUntil` (ADR 041), and stops working for anything else.
 */
export async function endSignerLinks(
  db: Db,
  requestId: string,
  at: { now: string; grantUntil: string },
): Promise<void> {
  await db
    .insertInto('link_grants')
    .columns(['token_hash', 'signer_id', 'created_at', 'expires_at'])
    .expression((eb) =>
      eb
        .selectFrom('signer_tokens')
        .innerJoin('signers', 'signers.id', 'signer_tokens.signer_id')
        .select((s) => [
          'signer_tokens.token_hash',
          'signer_tokens.signer_id',
          s.val(at.now).as('created_at'),
          s.val(at.grantUntil).as('expires_at'),
        ])
        .where('signers.request_id', '=', requestId),
    )
    .execute();
  await db
    .deleteFrom('signer_tokens')
    .where('signer_id', 'in', (eb) =>
      eb.selectFrom('signers').select('id').where('request_id', '=', requestId),
    )
    .execute();
}

/** The grant a link became when its request ended, if any (see endSignerLinks). */
export async function findLinkGrant(
  db: Db,
  tokenHash: string,
): Promise<{ id: string; requestId: string; expiresAt: string } | undefined> {
  return db
    .selectFrom('link_grants')
    .innerJoin('signers', 'signers.id', 'link_grants.signer_id')
    .select(['signers.id as id', 'signers.request_id as requestId', 'link_grants.expires_at as expiresAt'])
    .where('link_grants.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function findSignerByToken(
  db: Db,
  tokenHash: string,
): Promise<{ id: string; requestId: string } | undefined> {
  const row = await db
    .selectFrom('signer_tokens')
    .innerJoin('signers', 'signers.id', 'signer_tokens.signer_id')
    .select(['signers.id as id', 'signers.request_id as requestId'])
    .where('signer_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row;
}

/** What a link holder says of themselves; undefined fields stay as they are. */
export async function updateSignerDetails(
  db: Db,
  id: string,
  changes: { firstName?: string | undefined; lastName?: string | undefined; language?: string | undefined },
): Promise<void> {
  const set = {
    ...(changes.firstName !== undefined && { first_name: changes.firstName }),
    ...(changes.lastName !== undefined && { last_name: changes.lastName }),
    ...(changes.language !== undefined && { language: changes.language }),
  };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('signers').set(set).where('id', '=', id).execute();
}
