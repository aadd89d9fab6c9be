// The SQL of signers' TAN confirmations (ADR 086): the request a signature belongs to, and the one
// row per signer saying whether a secret waits, was answered (until when it counts), or was
// cancelled.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { SignerVerificationsTable } from '../tables.js';

export type VerificationState = SignerVerificationsTable['state'];

export interface Verification {
  state: VerificationState;
  verifiedUntil: string | null;
}

/** The request of a signature (signer id), or undefined when there is no such signature. */
export async function requestOfSigner(db: Kysely<Database>, signerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('signers')
    .select('request_id')
    .where('id', '=', signerId)
    .executeTakeFirst();
  return row?.request_id;
}

export async function loadVerification(
  db: Kysely<Database>,
  signerId: string,
): Promise<Verification | undefined> {
  const row = await db
    .selectFrom('signer_verifications')
    .select(['state', 'verified_until'])
    .where('signer_id', '=', signerId)
    .executeTakeFirst();
  return row && { state: row.state, verifiedUntil: row.verified_until };
}

/** Sets the signer's state, creating the row on the first secret sent. */
export async function saveVerification(
  db: Kysely<Database>,
  ids: { signerId: string; requestId: string },
  verification: Verification,
  at: string,
): Promise<void> {
  await db
    .insertInto('signer_verifications')
    .values({
      signer_id: ids.signerId,
      request_id: ids.requestId,
      state: verification.state,
      verified_until: verification.verifiedUntil,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column('signer_id').doUpdateSet({
        state: verification.state,
        verified_until: verification.verifiedUntil,
        updated_at: at,
      }),
    )
    .execute();
}
