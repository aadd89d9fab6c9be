// SQL of a link holder's signature image (signer_images, migration 028): at most one per signer.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function findSignerImage(db: Db, signerId: string): Promise<Uint8Array | null> {
  const row = await db
    .selectFrom('signer_images')
    .select('image')
    .where('signer_id', '=', signerId)
    .executeTakeFirst();
  return row ? new Uint8Array(row.image) : null;
}

export async function hasSignerImage(db: Db, signerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('signer_images')
    .select('signer_id')
    .where('signer_id', '=', signerId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function saveSignerImage(db: Db, signerId: string, png: Uint8Array, now: string): Promise<void> {
  const image = Buffer.from(png);
  await db
    .insertInto('signer_images')
    .values({ signer_id: signerId, image, updated_at: now })
    .onConflict((oc) => oc.column('signer_id').doUpdateSet({ image, updated_at: now }))
    .execute();
}

export async function removeSignerImage(db: Db, signerId: string): Promise<void> {
  await db.deleteFrom('signer_images').where('signer_id', '=', signerId).execute();
}
