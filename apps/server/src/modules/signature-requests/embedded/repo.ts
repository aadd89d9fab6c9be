// SQL of embedded signing tokens (ADR 088): made for one signer, found by their hash together with
// what decides whether they still work (expiry, the signer's and the request's state).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface EmbeddedTokenRecord {
  signerId: string;
  requestId: string;
  ownerId: string;
  expiresAt: string;
  signerStatus: string;
  signerGroupId: string | null;
  requestStatus: string;
}

export async function insertEmbeddedToken(
  db: Db,
  row: { tokenHash: string; signerId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('embedded_signing_tokens')
    .values({
      token_hash: row.tokenHash,
      signer_id: row.signerId,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .execute();
}

export async function findEmbeddedToken(db: Db, tokenHash: string): Promise<EmbeddedTokenRecord | undefined> {
  return db
    .selectFrom('embedded_signing_tokens as t')
    .innerJoin('signers as s', 's.id', 't.signer_id')
    .innerJoin('signature_requests as r', 'r.id', 's.request_id')
    .select([
      's.id as signerId',
      'r.id as requestId',
      'r.owner_id as ownerId',
      't.expires_at as expiresAt',
      's.status as signerStatus',
      's.group_id as signerGroupId',
      'r.status as requestStatus',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
