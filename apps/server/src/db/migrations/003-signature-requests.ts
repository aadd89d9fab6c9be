// Signature requests, their documents, signers with their fields, observers, the hash-chained
// event log and the per-document write locks.
import type { Kysely } from 'kysely';
import type { DialectName } from '../database.js';

export async function migration003SignatureRequests(
  db: Kysely<unknown>,
  _dialect: DialectName,
): Promise<void> {
  await db.schema
    .createTable('signature_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('quality', 'text', (c) => c.notNull())
    .addColumn('legislation', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('initiated_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('end_message', 'text')
    .execute();
  // The dashboard list: one's own requests by status and time.
  await db.schema
    .createIndex('requests_owner_updated_idx')
    .on('signature_requests')
    .columns(['owner_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('requests_owner_created_idx')
    .on('signature_requests')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) =>
      c.notNull().references('signature_requests.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('pages', 'text', (c) => c.notNull())
    .addColumn('original_sha256', 'text', (c) => c.notNull())
    .addColumn('original_size', 'bigint', (c) => c.notNull())
    .addColumn('current_sha256', 'text', (c) => c.notNull())
    .addColumn('current_size', 'bigint', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('documents_request_idx')
    .on('documents')
    .columns(['request_id', 'position'])
    .execute();
  // the blob sweep asks whether any document still points at a blob
  await db.schema
    .createIndex('documents_original_sha_idx')
    .on('documents')
    .column('original_sha256')
    .execute();
  await db.schema.createIndex('documents_current_sha_idx').on('documents').column('current_sha256').execute();

  await db.schema
    .createTable('signers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) =>
      c.notNull().references('signature_requests.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('account_user_id', 'text', (c) => c.references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text')
    .addColumn('declined_at', 'text')
    .addColumn('decline_message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signers_request_idx')
    .on('signers')
    .columns(['request_id', 'position'])
    .execute();
  await db.schema.createIndex('signers_email_idx').on('signers').columns(['email', 'request_id']).execute();
  await db.schema
    .createIndex('signers_account_idx')
    .on('signers')
    .columns(['account_user_id', 'request_id'])
    .execute();

  // Link tokens, stored hashed; a signer may hold several (the invitation's and each
  // reminder's), all valid until the request ends.
  await db.schema
    .createTable('signer_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('signer_id', 'text', (c) => c.notNull().references('signers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signer_tokens_signer_idx').on('signer_tokens').column('signer_id').execute();

  await db.schema
    .createTable('signer_fields')
    .addColumn('signer_id', 'text', (c) => c.notNull().references('signers.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('page', 'integer')
    .addColumn('x', 'real')
    .addColumn('y', 'real')
    .addColumn('width', 'real')
    .addColumn('height', 'real')
    .addPrimaryKeyConstraint('signer_fields_pk', ['signer_id', 'document_id'])
    .execute();

  await db.schema
    .createTable('observers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) =>
      c.notNull().references('signature_requests.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('observers_request_email_uq', ['request_id', 'email'])
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('request_id', 'text', (c) =>
      c.notNull().references('signature_requests.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_email', 'text')
    .addColumn('ip', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('events_pk', ['request_id', 'seq'])
    .execute();

  // The dashboard's index: one row per person (by e-mail) and request they own, sign or observe,
  // with the request's status, times and title copied, so that every list query is one range
  // scan of (email, sort key) that stops at the page size. Kept in sync by repo.updateRequest.
  await db.schema
    .createTable('request_participants')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) =>
      c.notNull().references('signature_requests.id').onDelete('cascade'),
    )
    .addColumn('is_owner', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_participants_pk', ['email', 'request_id'])
    .execute();
  for (const key of ['updated_at', 'created_at', 'title'] as const) {
    await db.schema
      .createIndex(`participants_email_${key}_idx`)
      .on('request_participants')
      .columns(['email', key, 'is_owner', 'status'])
      .execute();
  }
  await db.schema
    .createIndex('participants_email_status_idx')
    .on('request_participants')
    .columns(['email', 'status', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('participants_request_idx')
    .on('request_participants')
    .column('request_id')
    .execute();

  await db.schema
    .createTable('document_locks')
    .addColumn('document_id', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}
