// SQL of visual signatures. One default per user is kept inside the write transactions.
import type { Kysely, Transaction } from 'kysely';
import type { VisualSignature } from '@countersign/contract';
import type { Database } from '../../db/schema.js';
import type { VisualSignaturesTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredVisualSignature extends VisualSignature {
  image: Uint8Array | null;
}

function toRecord(row: VisualSignaturesTable): StoredVisualSignature {
  return {
    id: row.id,
    alias: row.alias,
    name: row.name,
    optionalLine: row.optional_line,
    location: row.location,
    hasCustomImage: row.image !== null,
    displayDate: row.display_date === 1,
    displayClaim: row.display_claim === 1,
    displayStandards: row.display_standards === 1,
    displayQr: row.display_qr === 1,
    isDefault: row.is_default === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    image: row.image ? new Uint8Array(row.image) : null,
  };
}

export async function listForUser(db: Db, userId: string): Promise<StoredVisualSignature[]> {
  const rows = await db
    .selectFrom('visual_signatures')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'asc')
    .execute();
  return rows.map(toRecord);
}

export async function findForUser(
  db: Db,
  userId: string,
  id: string,
): Promise<StoredVisualSignature | undefined> {
  const row = await db
    .selectFrom('visual_signatures')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findDefault(db: Db, userId: string): Promise<StoredVisualSignature | undefined> {
  const row = await db
    .selectFrom('visual_signatures')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function aliasTaken(db: Db, userId: string, alias: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('visual_signatures')
    .select('id')
    .where('user_id', '=', userId)
    .where('alias', '=', alias);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function clearDefault(db: Db, userId: string): Promise<void> {
  await db.updateTable('visual_signatures').set({ is_default: 0 }).where('user_id', '=', userId).execute();
}

export async function insert(
  db: Db,
  userId: string,
  v: Omit<StoredVisualSignature, 'hasCustomImage' | 'image'>,
): Promise<void> {
  await db
    .insertInto('visual_signatures')
    .values({
      id: v.id,
      user_id: userId,
      alias: v.alias,
      name: v.name,
      optional_line: v.optionalLine,
      location: v.location,
      display_date: v.displayDate ? 1 : 0,
      display_claim: v.displayClaim ? 1 : 0,
      display_standards: v.displayStandards ? 1 : 0,
      display_qr: v.displayQr ? 1 : 0,
      is_default: v.isDefault ? 1 : 0,
      image: null,
      created_at: v.createdAt ?? '',
      updated_at: v.updatedAt ?? '',
    })
    .execute();
}

export async function update(
  db: Db,
  userId: string,
  v: Omit<StoredVisualSignature, 'hasCustomImage' | 'image' | 'createdAt'>,
): Promise<void> {
  await db
    .updateTable('visual_signatures')
    .set({
      alias: v.alias,
      name: v.name,
      optional_line: v.optionalLine,
      location: v.location,
      display_date: v.displayDate ? 1 : 0,
      display_claim: v.displayClaim ? 1 : 0,
      display_standards: v.displayStandards ? 1 : 0,
      display_qr: v.displayQr ? 1 : 0,
      is_default: v.isDefault ? 1 : 0,
      updated_at: v.updatedAt ?? '',
    })
    .where('user_id', '=', userId)
    .where('id', '=', v.id)
    .execute();
}

export async function setImage(
  db: Db,
  userId: string,
  id: string,
  image: Uint8Array | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('visual_signatures')
    .set({ image: image ? Buffer.from(image) : null, updated_at: now })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

export async function remove(db: Db, userId: string, id: string): Promise<void> {
  await db.deleteFrom('visual_signatures').where('user_id', '=', userId).where('id', '=', id).execute();
}
