// The qualified signatures waiting for their signer at the trust service provider (ADR 076): one
// row per create-par, found by the SHA-256 of its `state`, claimed (deleted) once by redirect-sign.
import type { Kysely } from 'kysely';
import type { Language, RecordedConsent } from '@countersign/domain';
import type { Database } from '../../db/schema.js';

export interface PendingMabSignature {
  stateHash: string;
  requestId: string;
  signerId: string;
  credentialId: string;
  /** the serial number (hex) of the credential's certificate the signature was prepared with */
  certificateSerial: string | null;
  /** base64 SHA-256 of each document's signed attributes, in document order */
  hashes: string[];
  signingTime: Date;
  language: Language;
  consent: RecordedConsent;
  redirectQueryParams: Record<string, string>;
  createdAt: Date;
  expiresAt: Date;
}

/** Keeps a pending signature; an earlier one of the same signer is replaced (one visit at a time). */
export async function saveMabSignature(db: Kysely<Database>, pending: PendingMabSignature): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mab_signatures').where('signer_id', '=', pending.signerId).execute();
    await trx
      .insertInto('mab_signatures')
      .values({
        state_hash: pending.stateHash,
        request_id: pending.requestId,
        signer_id: pending.signerId,
        credential_id: pending.credentialId,
        certificate_serial: pending.certificateSerial,
        hashes: JSON.stringify(pending.hashes),
        signing_time: pending.signingTime.toISOString(),
        language: pending.language,
        consent: JSON.stringify(pending.consent),
        redirect_query_params: JSON.stringify(pending.redirectQueryParams),
        created_at: pending.createdAt.toISOString(),
        expires_at: pending.expiresAt.toISOString(),
      })
      .execute();
  });
}

export async function findMabSignature(
  db: Kysely<Database>,
  requestId: string,
  stateHash: string,
): Promise<PendingMabSignature | undefined> {
  const row = await db
    .selectFrom('mab_signatures')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    stateHash: row.state_hash,
    requestId: row.request_id,
    signerId: row.signer_id,
    credentialId: row.credential_id,
    certificateSerial: row.certificate_serial,
    hashes: JSON.parse(row.hashes) as string[],
    signingTime: new Date(row.signing_time),
    language: row.language as Language,
    consent: JSON.parse(row.consent) as RecordedConsent,
    redirectQueryParams: JSON.parse(row.redirect_query_params) as Record<string, string>,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

/** Takes the pending signature for this one use: false when another call took it first. */
export async function claimMabSignature(db: Kysely<Database>, stateHash: string): Promise<boolean> {
  const result = await db.deleteFrom('mab_signatures').where('state_hash', '=', stateHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
