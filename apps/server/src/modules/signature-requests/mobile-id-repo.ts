// The advanced signatures waiting for their signer's answer on the phone (ADR 094): one row per
// start, found by the provider's transaction id, claimed (deleted) once the answer is in, so an
// approval signs exactly once however often the client asks.
import type { Kysely } from 'kysely';
import type { Language, RecordedConsent } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import type { GivenValues } from './fields/field-values.js';

/** What the signer chose when starting, used when the phone's approval arrives. */
export interface MobileIdSignOptions {
  language: Language;
  consent: RecordedConsent;
  signingReason?: string | undefined;
  signingLocation?: string | undefined;
  visualSignatureId?: string | undefined;
  fieldValues?: GivenValues | undefined;
}

export interface PendingMobileIdSignature {
  transactionId: string;
  requestId: string;
  signerId: string;
  options: MobileIdSignOptions;
  createdAt: Date;
  expiresAt: Date;
}

/** Keeps a pending signature; an earlier one of the same signer is replaced (one phone prompt at a time). */
export async function saveMobileIdSignature(
  db: Kysely<Database>,
  pending: PendingMobileIdSignature,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mobile_id_signatures').where('signer_id', '=', pending.signerId).execute();
    await trx
      .insertInto('mobile_id_signatures')
      .values({
        transaction_id: pending.transactionId,
        request_id: pending.requestId,
        signer_id: pending.signerId,
        options: JSON.stringify(pending.options),
        created_at: pending.createdAt.toISOString(),
        expires_at: pending.expiresAt.toISOString(),
      })
      .execute();
  });
}

export async function findMobileIdSignature(
  db: Kysely<Database>,
  requestId: string,
  transactionId: string,
): Promise<PendingMobileIdSignature | undefined> {
  const row = await db
    .selectFrom('mobile_id_signatures')
    .selectAll()
    .where('transaction_id', '=', transactionId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    transactionId: row.transaction_id,
    requestId: row.request_id,
    signerId: row.signer_id,
    options: JSON.parse(row.options) as MobileIdSignOptions,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

/** Takes the pending signature for this one answer; false when another call took it first. */
export async function claimMobileIdSignature(db: Kysely<Database>, transactionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('mobile_id_signatures')
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
