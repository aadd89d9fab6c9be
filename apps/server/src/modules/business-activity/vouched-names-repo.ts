// SQL of the names AES for business vouches for (ADR 057): the name an admin approved for each
// person, and whom the business vouches for now, with which name and as which organisation.
import type { Kysely } from 'kysely';
import type { VouchedName } from '@countersign/contract';
import { isVouchedFor, type Aes4BizSettings, type OrganisationIdentity } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import { findPerson, pagePeopleByEmail, type Person } from '../accounts/index.js';
import { verifiedOrganisation } from '../business-verification/index.js';
import { AES4BIZ_OFF } from './repo.js';

type Db = Kysely<Database>;

/** Whom a business vouches for: the name an admin approved, and the organisation as verified. */
export interface Vouching {
  name: string;
  organisation: OrganisationIdentity;
}

/**
 * The business's word for a person signing in with `email`, if it gives one: AES for business is
 * on and covers the address (a named domain it still holds verified, ADR 057), an admin approved
 * a name for the person since they joined, and the operator verified the business's name,
 * register and country as they are now (ADR 062). Anything less: null.
 */
export async function findVouching(
  db: Db,
  person: { userId: string; email: string },
): Promise<Vouching | null> {
  const row = await db
    .selectFrom('business_memberships as m')
    .innerJoin('businesses as b', 'b.id', 'm.business_id')
    .leftJoin('business_vouched_names as n', (join) =>
      join.onRef('n.business_id', '=', 'm.business_id').onRef('n.user_id', '=', 'm.user_id'),
    )
    .select(['b.id', 'b.aes4biz', 'm.joined_at', 'n.name', 'n.approved_at'])
    .where('m.user_id', '=', person.userId)
    .where('b.deleted_at', 'is', null)
    .executeTakeFirst();
  // a name approved before the person last joined was approved for someone who had left
  if (!row?.aes4biz || !row.name || !row.approved_at || row.approved_at < row.joined_at) return null;
  const settings: Aes4BizSettings = {
    ...AES4BIZ_OFF,
    ...(JSON.parse(row.aes4biz) as Partial<Aes4BizSettings>),
  };
  const domains = await db
    .selectFrom('business_domains')
    .select('domain')
    .where('business_id', '=', row.id)
    .where('verified_at', 'is not', null)
    .execute();
  if (
    !isVouchedFor(
      settings,
      domains.map((d) => d.domain),
      person.email,
    )
  )
    return null;
  const organisation = await verifiedOrganisation(db, row.id);
  return organisation && { name: row.name, organisation };
}

export function createVouchedNamesRepo(db: Db) {
  /** The membership of each person and the name approved for them since they joined. */
  const vouchedNames = () =>
    db
      .selectFrom('business_memberships as m')
      .leftJoin('business_vouched_names as n', (join) =>
        join
          .onRef('n.business_id', '=', 'm.business_id')
          .onRef('n.user_id', '=', 'm.user_id')
          .onRef('n.approved_at', '>=', 'm.joined_at'),
      )
      .select(['m.user_id as userId', 'n.name as vouchedName', 'n.approved_at as approvedAt']);
  /** These people with the names approved for them, in their order. */
  const withNames = async (businessId: string, people: readonly Person[]): Promise<VouchedName[]> => {
    if (people.length === 0) return [];
    const names = await vouchedNames()
      .where('m.business_id', '=', businessId)
      .where(
        'm.user_id',
        'in',
        people.map((p) => p.id),
      )
      .execute();
    const byId = new Map(names.map((n) => [n.userId, n]));
    return people.flatMap((p) => {
      const n = byId.get(p.id);
      if (!n) return [];
      const { id: userId, email, firstName, lastName } = p;
      return [{ userId, email, firstName, lastName, vouchedName: n.vouchedName, approvedAt: n.approvedAt }];
    });
  };

  return {
    /** One page of the business's people, by address, with the names approved for them. */
    async list(businessId: string, page: number, size: number) {
      const members = db
        .selectFrom('business_memberships')
        .select('user_id')
        .where('business_id', '=', businessId);
      const people = await pagePeopleByEmail(db, members, { limit: size, offset: (page - 1) * size });
      const items = await withNames(businessId, people);
      const total = await db
        .selectFrom('business_memberships')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('business_id', '=', businessId)
        .executeTakeFirstOrThrow();
      return { items, page, size, total: Number(total.n) };
    },

    /** A person of the business with their approved name; undefined for anyone not of it. */
    async find(businessId: string, userId: string): Promise<VouchedName | undefined> {
      const person = await findPerson(db, userId, { includeDeleted: true });
      return person && (await withNames(businessId, [person]))[0];
    },

    async approve(businessId: string, userId: string, name: string, approvedBy: string, at: string) {
      const values = { name, approved_by: approvedBy, approved_at: at };
      await db
        .insertInto('business_vouched_names')
        .values({ business_id: businessId, user_id: userId, ...values })
        .onConflict((oc) => oc.columns(['business_id', 'user_id']).doUpdateSet(values))
        .execute();
    },

    async withdraw(businessId: string, userId: string): Promise<void> {
      await db
        .deleteFrom('business_vouched_names')
        .where('business_id', '=', businessId)
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

export type VouchedNamesRepo = ReturnType<typeof createVouchedNamesRepo>;
