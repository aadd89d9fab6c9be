// The only SQL of the identification module: identifications, the qualities they granted, and
// the identity behind a quality (for the certificate that names the signer). An identification
// belongs to an account or, for a link holder, to one signer of one request (ADR 025).
import type { Kysely, Transaction } from 'kysely';
import {
  qualitiesGrantedByMethod,
  type IdentificationStatus,
  type IdentificationLegislation,
} from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import { findVouching } from '../business-activity/index.js';
import { verifiedOrganisation } from '../business-verification/index.js';
import type { IdentificationsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Whose identification: an account, or a link holder's signature (which has no account). */
export type Holder = { kind: 'user'; userId: string } | { kind: 'signer'; signerId: string };

export interface IdentificationRecord {
  id: string;
  holder: Holder;
  provider: string;
  method: string;
  legislation: IdentificationLegislation;
  status: IdentificationStatus;
  url: string;
  signatureRequestId: string | null;
  identity: { givenName: string; surname: string; country: string; mobile: string } | null;
  createdAt: string;
  updatedAt: string;
  /** when a national eID's identification was disconnected from its account (ADR 106) */
  disconnectedAt?: string | null;
}

export interface HeldQuality {
  quality: string;
  status: string;
  /** the business whose word the quality rests on (AES for business, ADR 057) */
  vouchedBy?: string;
}

function toRecord(row: IdentificationsTable): IdentificationRecord {
  return {
    id: row.id,
    // the table's check constraint guarantees exactly one of the two
    holder: row.user_id
      ? { kind: 'user', userId: row.user_id }
      : { kind: 'signer', signerId: row.signer_id ?? '' },
    provider: row.provider,
    method: row.method,
    legislation: row.legislation as IdentificationLegislation,
    status: row.status as IdentificationStatus,
    url: row.url,
    signatureRequestId: row.signature_request_id,
    // a wallet's identity has no phone (''): it serves advanced signatures, which send no codes
    identity:
      row.given_name && row.surname && row.country
        ? { givenName: row.given_name, surname: row.surname, country: row.country, mobile: row.mobile ?? '' }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    disconnectedAt: row.disconnected_at ?? null,
  };
}

const holderColumn = (holder: Holder) =>
  holder.kind === 'user' ? ('user_id' as const) : ('signer_id' as const);
const holderId = (holder: Holder) => (holder.kind === 'user' ? holder.userId : holder.signerId);

/** The unique (user_id, seq) and (signer_id, seq) indexes refuse a concurrent start that read the same maximum. */
export async function insertIdentification(db: Db, record: IdentificationRecord): Promise<void> {
  const last = await db
    .selectFrom('identifications')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where(holderColumn(record.holder), '=', holderId(record.holder))
    .executeTakeFirst();
  await db
    .insertInto('identifications')
    .values({
      id: record.id,
      user_id: record.holder.kind === 'user' ? record.holder.userId : null,
      signer_id: record.holder.kind === 'signer' ? record.holder.signerId : null,
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

/**
 * An identification that succeeded the moment it was recorded: a national eID's answer, checked by
 * the relying party (ADR 083). It carries the eID's name and country; an account's qualities are
 * granted with it, a link signature's follow from it.
 */
export async function insertSucceededIdentification(
  db: Db,
  record: Omit<IdentificationRecord, 'status' | 'identity'> & {
    identity: { givenName: string; surname: string; country: string };
  },
): Promise<void> {
  await insertIdentification(db, { ...record, status: 'success', identity: null });
  await db
    .updateTable('identifications')
    .set({
      given_name: record.identity.givenName,
      surname: record.identity.surname,
      country: record.identity.country,
    })
    .where('id', '=', record.id)
    .execute();
  if (record.holder.kind === 'user')
    await grantQualities(
      db,
      record.holder.userId,
      qualitiesGrantedByMethod(record),
      record.id,
      record.createdAt,
    );
}

export async function findIdentification(db: Db, id: string): Promise<IdentificationRecord | undefined> {
  const row = await db.selectFrom('identifications').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

/** The newest identification of a holder with one provider and method. */
export async function latestIdentification(
  db: Db,
  holder: Holder,
  provider: string,
  method: string,
): Promise<IdentificationRecord | undefined> {
  const row = await db
    .selectFrom('identifications')
    .selectAll()
    .where(holderColumn(holder), '=', holderId(holder))
    .where('provider', '=', provider)
    .where('method', '=', method)
    .orderBy('seq', 'desc')
    .executeTakeFirst();
  return row && toRecord(row);
}

export async function listIdentifications(db: Db, holder: Holder): Promise<IdentificationRecord[]> {
  const rows = await db
    .selectFrom('identifications')
    .selectAll()
    .where(holderColumn(holder), '=', holderId(holder))
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
        mobile: changes.identity.mobile || null,
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

/**
 * What a holder may sign with. An account's qualities are rows (granted on success, ADR 021); a
 * signer's follow from its successful identifications, which serve that one signature only and
 * have nothing else to revoke them (ADR 025).
 */
export async function heldQualities(db: Db, holder: Holder): Promise<HeldQuality[]> {
  if (holder.kind === 'user') {
    const identified = await db
      .selectFrom('user_qualities')
      .select(['quality', 'status'])
      .where('user_id', '=', holder.userId)
      .execute();
    return [...identified, ...(await sealQualities(db, holder.userId))];
  }
  const done = await signerSuccesses(db, holder.signerId);
  const keys = new Set(done.flatMap((i) => qualitiesGrantedByMethod(i)));
  return [...keys].map((quality) => ({ quality, status: 'active' }));
}

/**
 * `seal.aes` / `seal.qes`: the levels of the seals a person is listed on while of their business,
 * while its organisation is verified (ADR 062: unverified, its seals are not applied).
 */
async function sealQualities(db: Db, userId: string): Promise<HeldQuality[]> {
  const rows = await db
    .selectFrom('seal_members as sm')
    .innerJoin('seals as s', 's.id', 'sm.seal_id')
    .innerJoin('business_memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'sm.user_id').onRef('m.business_id', '=', 's.business_id'),
    )
    .select(['s.quality', 's.business_id'])
    .distinct()
    .where('sm.user_id', '=', userId)
    .execute();
  // a person belongs to one business, so its seals are all of that one
  if (rows.length === 0 || !(await verifiedOrganisation(db, rows[0]!.business_id))) return [];
  return rows.map((r) => ({ quality: `seal.${r.quality}`, status: 'active' }));
}

/**
 * `aes.any` on the word of the person's business (AES for business, ADR 057): while the business
 * vouches for them (`findVouching`: its domain, a name an admin approved, its organisation as the
 * operator verified it). It covers the person signed in with that address only, so it is asked
 * for apart from heldQualities, which also count for whoever holds a link mailed to the address.
 */
export async function vouchedQualities(
  db: Db,
  person: { userId: string; email: string },
): Promise<HeldQuality[]> {
  const vouching = await findVouching(db, person);
  return vouching ? [{ quality: 'aes.any', status: 'active', vouchedBy: vouching.organisation.name }] : [];
}

async function signerSuccesses(db: Db, signerId: string): Promise<IdentificationRecord[]> {
  const rows = await db
    .selectFrom('identifications')
    .selectAll()
    .where('signer_id', '=', signerId)
    .where('status', '=', 'success')
    .orderBy('seq', 'desc')
    .execute();
  return rows.map(toRecord);
}

/** The identification that granted a quality: whose name and phone a signature may use. */
export async function identificationBehind(
  db: Db,
  holder: Holder,
  quality: string,
): Promise<IdentificationRecord | undefined> {
  if (holder.kind === 'signer') {
    const done = await signerSuccesses(db, holder.signerId);
    return done.find((i) => (qualitiesGrantedByMethod(i) as string[]).includes(quality));
  }
  const row = await db
    .selectFrom('user_qualities as q')
    .innerJoin('identifications as i', 'i.id', 'q.identification_id')
    .selectAll('i')
    .where('q.user_id', '=', holder.userId)
    .where('q.quality', '=', quality)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Who a link holder is, to fill in the identification provider's form in advance. */
export async function signerPerson(
  db: Db,
  signerId: string,
): Promise<{ email: string; givenName: string; surname: string; requestId: string } | undefined> {
  const row = await db
    .selectFrom('signers')
    .select(['email', 'name', 'first_name', 'last_name', 'request_id'])
    .where('id', '=', signerId)
    .executeTakeFirst();
  if (!row) return undefined;
  // the name the signer gave, else the one the sender typed, split at its last space
  const typed = (row.name ?? '').trim();
  const cut = typed.lastIndexOf(' ');
  return {
    email: row.email,
    givenName: row.first_name ?? (cut > 0 ? typed.slice(0, cut) : typed),
    surname: row.last_name ?? (cut > 0 ? typed.slice(cut + 1) : ''),
    requestId: row.request_id,
  };
}

/**
 * Marks an account's succeeded identifications with the national eID `provider` disconnected
 * (ADR 106) and withdraws the qualities they granted; the identifications themselves stay, the
 * record behind the signatures made on them. The ids of those marked now.
 */
export async function disconnectEidIdentifications(
  db: Db,
  input: { userId: string; provider: string; at: string },
): Promise<string[]> {
  const rows = await db
    .selectFrom('identifications')
    .select('id')
    .where('user_id', '=', input.userId)
    .where('provider', '=', input.provider)
    .where('status', '=', 'success')
    .where('disconnected_at', 'is', null)
    .execute();
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return ids;
  await db.updateTable('identifications').set({ disconnected_at: input.at }).where('id', 'in', ids).execute();
  await db
    .deleteFrom('user_qualities')
    .where('user_id', '=', input.userId)
    .where('identification_id', 'in', ids)
    .execute();
  return ids;
}
