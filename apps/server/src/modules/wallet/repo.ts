// The only SQL of the wallet module: presentation requests, found by their state's hash and
// answered once (a compare-and-set, so a replayed answer finds the request closed).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WalletPresentationsTable } from './tables.js';

export interface PresentationRequest {
  identificationId: string;
  nonce: string;
  audience: string;
  expiresAt: string;
  answeredAt: string | null;
}

export async function insertPresentationRequest(
  db: Kysely<Database>,
  row: Omit<WalletPresentationsTable, 'answered_at' | 'issuer' | 'credential_type' | 'disclosed'>,
): Promise<void> {
  await db
    .insertInto('wallet_presentations')
    .values({ ...row, answered_at: null, issuer: null, credential_type: null, disclosed: null })
    .execute();
}

export async function findPresentationRequest(
  db: Kysely<Database>,
  stateHash: string,
): Promise<PresentationRequest | undefined> {
  const row = await db
    .selectFrom('wallet_presentations')
    .select(['identification_id', 'nonce', 'audience', 'expires_at', 'answered_at'])
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  return (
    row && {
      identificationId: row.identification_id,
      nonce: row.nonce,
      audience: row.audience,
      expiresAt: row.expires_at,
      answeredAt: row.answered_at,
    }
  );
}

/** Closes the request with what the accepted presentation showed; false when it was answered already. */
export async function answerPresentationRequest(
  db: Kysely<Database>,
  identificationId: string,
  answer: { at: string; issuer: string; credentialType: string; disclosed: readonly string[] },
): Promise<boolean> {
  const result = await db
    .updateTable('wallet_presentations')
    .set({
      answered_at: answer.at,
      issuer: answer.issuer,
      credential_type: answer.credentialType,
      disclosed: JSON.stringify(answer.disclosed),
    })
    .where('identification_id', '=', identificationId)
    .where('answered_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
