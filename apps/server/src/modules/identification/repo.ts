// The only SQL of the identification module: identifications, the qualities they granted, and
// the identity behind a quality (for the certificate that names the signer).
import type { Kysely, Transaction } from 'kysely';
import type { IdentificationStatus, IdentificationLegislation } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import type { IdentificationsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface IdentificationRecord {
  id: string;
  userId: string;
  provider: string;
  method: string;
  legislation: IdentificationLegislation;
  status: IdentificationStatus;
  url: string;
  signatureRequestId: string | null;
  identity: { givenName: string; surname: string; country: string; mobile: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface HeldQuality {
  quality: string;
  status: string;
}

function toRecord(row: IdentificationsTable): IdentificationRecord {
  return {
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    method: row.method,
    legislation: row.legislation as IdentificationLegislation,
    status: row.status as IdentificationStatus,
    url: row.url,
    signatureRequestId: row.signature_request_id,
    identity:
      row.given_name && row.surname && row.country && row.mobile
        ? { givenName: row.given_name, surname: row.surname, country: row.country, mobile: row.mobile }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The unique (user_id, seq) index refuses a concurrent start that read the same maximum. */
export async function insertIdentification(db: Db, record: IdentificationRecord): Promise<void> {
  const last = await db
    .selectFrom('identifications')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('user_id', '=', record.userId)
    .executeTakeFirst();
  await db
    .insertInto('identifications')
    .values({
      id: record.id,
      user_id: record.userId,
      seq: Number(last?.seq ?? 0) + 1,
      provider: record.provider,
      method: record.method,
      legislation: record.legislation,
      status: record.status,
      url: record.url,
      signature_request_id: record.signatureRequestId,
      given_name: null,
      surname: null,
      country: null,
      mobile: null,
      created_at: record.createdAt,
      updated_at: record.updatedAt,
    })
    .execute();
}

export async function findIdentification(db: Db, id: string): Promise<IdentificationRecord | undefined> {
  const row = await db.selectFrom('identifications').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** The newest identification of a user with one provider and method. */
export async function latestIdentification(
  db: Db,
  userId: string,
  provider: string,
  method: string,
): Promise<IdentificationRecord | undefined> {
  const row = await db
    .selectFrom('identifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('method', '=', method)
    .orderBy('seq', 'desc')
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function listIdentifications(db: Db, userId: string): Promise<IdentificationRecord[]> {
  const rows = await db
    .selectFrom('identifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(50)
    .execute();
  return rows.map(toRecord);
}

/** Moves an identification only from the status the caller read (a concurrent callback loses). */
export async function updateIdentification(
  db: Db,
  id: string,
  from: IdentificationStatus,
  changes: { status: IdentificationStatus; identity?: IdentificationRecord['identity']; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('identifications')
    .set({
      status: changes.status,
      updated_at: changes.at,
      ...(changes.identity && {
        given_name: changes.identity.givenName,
        surname: changes.identity.surname,
        country: changes.identity.country,
        mobile: changes.identity.mobile,
      }),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function grantQualities(
  db: Db,
  userId: string,
  qualities: string[],
  identificationId: string,
  at: string,
): Promise<void> {
  for (const quality of qualities) {
    await db
      .deleteFrom('user_qualities')
      .where('user_id', '=', userId)
      .where('quality', '=', quality)
      .execute();
    await db
      .insertInto('user_qualities')
      .values({
        user_id: userId,
        quality,
        status: 'active',
        identification_id: identificationId,
        created_at: at,
      })
      .execute();
  }
}

export async function heldQualities(db: Db, userId: string): Promise<HeldQuality[]> {
  return db
    .selectFrom('user_qualities')
    .select(['quality', 'status'])
    .where('user_id', '=', userId)
    .execute();
}

/** The identification that granted a quality: whose name and phone a signature may use. */
export async function identificationBehind(
  db: Db,
  userId: string,
  quality: string,
): Promise<IdentificationRecord | undefined> {
  const row = await db
    .selectFrom('user_qualities as q')
    .innerJoin('identifications as i', 'i.id', 'q.identification_id')
    .selectAll('i')
    .where('q.user_id', '=', userId)
    .where('q.quality', '=', quality)
    .executeTakeFirst();
  return row && toRecord(row);
}
