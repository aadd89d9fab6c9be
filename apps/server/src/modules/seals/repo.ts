// SQL of seals: the seal with its stored key and certificate, its visual, who may apply it, and
// the business as its certificates may name it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { withPeople } from '../accounts/index.js';
import { verifiedOrganisation } from '../business-verification/index.js';
import type { SealsTable } from './tables.js';

export interface SealRecord {
  id: string;
  businessId: string;
  name: string;
  label: string;
  quality: 'aes' | 'qes';
  certificate: Uint8Array;
  chain: Uint8Array[];
  /** the key, encrypted under the trust KEK (ADR 053); null: the remote-signing provider holds it */
  sealedKey: { iv: string; data: string } | null;
  keyAlgorithm: 'P-256' | 'RSA-2048';
  hasImage: boolean;
  createdAt: string;
}

/** A seal as listed: its counts of members (still of the business) and API users. */
export interface SealSummary extends SealRecord {
  nMembers: number;
  nApi: number;
}

export interface SealMemberRecord {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface SealApiUserRecord {
  username: string;
  description: string;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const unb64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

type SealRow = Omit<SealsTable, 'image_png'> & { has_image: number | boolean | string };

function toRecord(row: SealRow): SealRecord {
  return {
    id: row.id,
    businessId: row.business_id,
    name: row.name,
    label: row.label,
    quality: row.quality,
    certificate: unb64(row.certificate),
    chain: (JSON.parse(row.chain) as string[]).map(unb64),
    sealedKey: row.sealed_key ? (JSON.parse(row.sealed_key) as SealRecord['sealedKey']) : null,
    keyAlgorithm: row.key_algorithm,
    hasImage: Number(row.has_image) === 1 || row.has_image === true,
    createdAt: row.created_at,
  };
}

export function createSealsRepo(db: Kysely<Database>) {
  const seals = () =>
    db
      .selectFrom('seals')
      .select([
        'seals.id',
        'seals.business_id',
        'seals.name',
        'seals.label',
        'seals.quality',
        'seals.certificate',
        'seals.chain',
        'seals.sealed_key',
        'seals.key_algorithm',
        'seals.created_at',
        'seals.updated_at',
      ])
      .select((eb) =>
        eb.case().when('seals.image_png', 'is not', null).then(1).else(0).end().as('has_image'),
      );

  /**
   * accounts listed on the seal that are still of its business: people by membership, and API
   * users (ADR 061: both apply only the seals they are assigned; a deleted API user's assignments
   * go with it)
   */
  const liveMembers = () =>
    db
      .selectFrom('seal_members as sm')
      .innerJoin('seals as s', 's.id', 'sm.seal_id')
      .innerJoin('business_accounts as m', (join) =>
        join.onRef('m.user_id', '=', 'sm.user_id').onRef('m.business_id', '=', 's.business_id'),
      );

  return {
    async insert(record: SealRecord, now: string): Promise<boolean> {
      const result = await db
        .insertInto('seals')
        .values({
          id: record.id,
          business_id: record.businessId,
          name: record.name,
          label: record.label,
          quality: record.quality,
          certificate: b64(record.certificate),
          chain: JSON.stringify(record.chain.map(b64)),
          sealed_key: record.sealedKey ? JSON.stringify(record.sealedKey) : '',
          key_algorithm: record.keyAlgorithm,
          image_png: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['business_id', 'name']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    async find(businessId: string, name: string): Promise<SealRecord | undefined> {
      const row = await seals()
        .where('seals.business_id', '=', businessId)
        .where('seals.name', '=', name)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** Every seal of the business with its counts, by name (one query each, whatever the count). */
    async list(businessId: string): Promise<SealSummary[]> {
      const rows = await seals().where('seals.business_id', '=', businessId).orderBy('seals.name').execute();
      const counts = await liveMembers()
        .select(['sm.seal_id', 'm.kind'])
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('s.business_id', '=', businessId)
        .groupBy(['sm.seal_id', 'm.kind'])
        .execute();
      const count = (sealId: string, kind: 'person' | 'api_user') =>
        Number(counts.find((c) => c.seal_id === sealId && c.kind === kind)?.n ?? 0);
      return rows.map((row) => ({
        ...toRecord(row),
        nMembers: count(row.id, 'person'),
        nApi: count(row.id, 'api_user'),
      }));
    },

    /** The people assigned to the seal, in the order they were assigned. */
    async members(sealId: string): Promise<SealMemberRecord[]> {
      const rows = await liveMembers()
        .where('m.kind', '=', 'person')
        .select('sm.user_id')
        .where('sm.seal_id', '=', sealId)
        .orderBy('sm.added_at')
        .orderBy('sm.user_id')
        .execute();
      const people = await withPeople(db, rows, (r) => r.user_id, { includeDeleted: true });
      return people.map(({ person: p }) => ({
        userId: p.id,
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
      }));
    },

    /** The live API users assigned to the seal, in the order they were assigned. */
    async apiUsers(sealId: string): Promise<SealApiUserRecord[]> {
      return liveMembers()
        .innerJoin('api_users as a', 'a.user_id', 'sm.user_id')
        .where('m.kind', '=', 'api_user')
        .where('a.deleted_at', 'is', null)
        .select(['a.username', 'a.description'])
        .where('sm.seal_id', '=', sealId)
        .orderBy('sm.added_at')
        .orderBy('a.username')
        .execute();
    },

    /** The ids of the seals of its business a person is listed on (while they belong to it). */
    async sealIdsOf(userId: string): Promise<string[]> {
      const rows = await liveMembers().select('sm.seal_id').where('sm.user_id', '=', userId).execute();
      return rows.map((r) => r.seal_id);
    },

    async isMember(sealId: string, userId: string): Promise<boolean> {
      const row = await liveMembers()
        .select('sm.user_id')
        .where('sm.seal_id', '=', sealId)
        .where('sm.user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The accounts of the business now that these ids name: a person by account id, an API user
     * by account id or user name (its live account only). Ids naming nobody of the business are
     * left out.
     */
    async accountsOf(businessId: string, ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('business_accounts as a')
        .leftJoin('api_users as u', 'u.user_id', 'a.user_id')
        .select(['a.user_id', 'u.username'])
        .where('a.business_id', '=', businessId)
        .where((eb) => eb.or([eb('a.user_id', 'in', [...ids]), eb('u.username', 'in', [...ids])]))
        .where('u.deleted_at', 'is', null)
        .execute();
      const found = new Map<string, string>();
      for (const row of rows) {
        if (ids.includes(row.user_id)) found.set(row.user_id, row.user_id);
        if (row.username && ids.includes(row.username)) found.set(row.username, row.user_id);
      }
      return found;
    },

    async addMembers(sealId: string, userIds: readonly string[], now: string): Promise<void> {
      await db
        .insertInto('seal_members')
        .values(userIds.map((user_id) => ({ seal_id: sealId, user_id, added_at: now })))
        .onConflict((oc) => oc.columns(['seal_id', 'user_id']).doNothing())
        .execute();
    },

    async removeMembers(sealId: string, userIds: readonly string[]): Promise<void> {
      await db
        .deleteFrom('seal_members')
        .where('seal_id', '=', sealId)
        .where('user_id', 'in', [...userIds])
        .execute();
    },

    /**
     * The business as a seal's certificate may name it: as the operator verified its name,
     * register and country, while they are still the business's (ADR 062); null otherwise.
     */
    verifiedOrganisation: (businessId: string) => verifiedOrganisation(db, businessId),

    async setLabel(sealId: string, label: string, now: string): Promise<void> {
      await db.updateTable('seals').set({ label, updated_at: now }).where('id', '=', sealId).execute();
    },

    async setImage(sealId: string, png: Uint8Array | null, now: string): Promise<void> {
      await db
        .updateTable('seals')
        .set({ image_png: png, updated_at: now })
        .where('id', '=', sealId)
        .execute();
    },

    async image(sealId: string): Promise<Uint8Array | undefined> {
      const row = await db
        .selectFrom('seals')
        .select('image_png')
        .where('id', '=', sealId)
        .executeTakeFirst();
      // libsql answers an ArrayBuffer, pg a Buffer: both become bytes
      return row?.image_png ? new Uint8Array(row.image_png) : undefined;
    },
  };
}

export type SealsRepo = ReturnType<typeof createSealsRepo>;
