// SQL of the people of a business: memberships and roles (never leaving the business without an
// admin), joining, the accounts people are found by, and whether someone takes part in the
// business's requests. Returns records, never raw rows; lists are one indexed query per page
// plus a count.
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Failpoint } from '../../lib/failpoint.js';
import type { BusinessPerson, BusinessRole, Page } from './model.js';
import {
  type Db,
  dropSealAssignments,
  inTransaction,
  Refused,
  type Tx,
  updateAttributes,
} from './repo-support.js';
import { findPeople, findPerson, findPersonByEmail, withPeople } from '../accounts/index.js';

/**
 * `failpoint` lets a test hold a role change inside its transaction, after the last-admin check
 * (a second change then overlaps it exactly there).
 */
export function createPeopleRepo(db: Db, failpoint: Failpoint) {
  const memberships = () =>
    db
      .selectFrom('business_memberships as m')
      .select(['m.user_id as userId', 'm.role as role', 'm.joined_at as joinedAt']);
  /** The people behind these memberships, in their order, read through the accounts module. */
  const withPeopleOf = async (
    rows: readonly { userId: string; role: BusinessRole; joinedAt: string }[],
  ): Promise<BusinessPerson[]> =>
    (await withPeople(db, rows, (r) => r.userId, { includeDeleted: true })).map(({ row, person }) => ({
      ...row,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
    }));

  const accountWhere = async (column: 'id' | 'email', value: string) => {
    const person = column === 'id' ? await findPerson(db, value) : await findPersonByEmail(db, value);
    if (!person) return undefined;
    const { id, email, firstName, lastName } = person;
    return { id, email, firstName, lastName, lang: person.attributes.lang };
  };

  return {
    async membershipOf(userId: string): Promise<{ businessId: string; role: BusinessRole } | undefined> {
      const row = await db
        .selectFrom('business_memberships')
        .select(['business_id', 'role'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? { businessId: row.business_id, role: row.role } : undefined;
    },

    async countPeople(
      businessId: string,
    ): Promise<{ admins: number; members: number; invitedMembers: number }> {
      const roles = await db
        .selectFrom('business_memberships')
        .select(['role', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('business_id', '=', businessId)
        .groupBy('role')
        .execute();
      const invited = await db
        .selectFrom('business_invitations')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('business_id', '=', businessId)
        .executeTakeFirstOrThrow();
      const of = (role: BusinessRole) => Number(roles.find((r) => r.role === role)?.n ?? 0);
      return { admins: of('admin'), members: of('member'), invitedMembers: Number(invited.n) };
    },

    async listPeople(
      businessId: string,
      role: BusinessRole,
      page: number,
      size: number,
    ): Promise<Page<BusinessPerson>> {
      // The page's keys come from the list index alone; only those rows are joined to the users
      // (joining first would look up every skipped row's user on the last pages).
      const pageKeys = db
        .selectFrom('business_memberships')
        .select('user_id')
        .where('business_id', '=', businessId)
        .where('role', '=', role)
        .orderBy('joined_at')
        .orderBy('user_id')
        .limit(size)
        .offset((page - 1) * size);
      const items = await withPeopleOf(
        await memberships()
          .where('m.business_id', '=', businessId)
          .where('m.user_id', 'in', pageKeys)
          .orderBy('m.joined_at')
          .orderBy('m.user_id')
          .execute(),
      );
      const total = await db
        .selectFrom('business_memberships')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('business_id', '=', businessId)
        .where('role', '=', role)
        .executeTakeFirstOrThrow();
      return { items, page, size, total: Number(total.n) };
    },

    async findPeople(businessId: string, userIds: readonly string[]): Promise<BusinessPerson[]> {
      if (userIds.length === 0) return [];
      return withPeopleOf(
        await memberships()
          .where('m.business_id', '=', businessId)
          .where('m.user_id', 'in', [...userIds])
          .execute(),
      );
    },

    /** Sets the role of these people; refuses (returns false, nothing changed) if no admin would remain. */
    async setRoles(businessId: string, userIds: readonly string[], role: BusinessRole): Promise<boolean> {
      return keepingAnAdmin(db, businessId, failpoint, async (tx) => {
        await tx
          .updateTable('business_memberships')
          .set({ role })
          .where('business_id', '=', businessId)
          .where('user_id', 'in', [...userIds])
          .execute();
        return true;
      });
    },

    /** Removes these people; refuses (returns false, nothing changed) if no admin would remain. */
    /**
     * Ends people's place in the business (ADR 061): their membership and the seals they were
     * listed on go together, so nothing of it comes back if they ever return. People an admin
     * removed (`removedAt`) are remembered: they return only through a new invitation.
     */
    async removePeople(
      businessId: string,
      userIds: readonly string[],
      markUser: (attributes: string) => string,
      removedAt?: string,
    ): Promise<boolean> {
      return keepingAnAdmin(db, businessId, failpoint, async (tx) => {
        const ids = [...userIds];
        await tx
          .deleteFrom('business_memberships')
          .where('business_id', '=', businessId)
          .where('user_id', 'in', ids)
          .execute();
        await dropSealAssignments(tx, businessId, ids);
        if (removedAt) {
          await tx
            .insertInto('business_removals')
            .values(ids.map((user_id) => ({ business_id: businessId, user_id, removed_at: removedAt })))
            .onConflict((oc) => oc.columns(['business_id', 'user_id']).doUpdateSet({ removed_at: removedAt }))
            .execute();
        }
        await updateAttributes(tx, userIds, markUser);
        return true;
      });
    },

    /** The admins of a business, to be told of what happens to it: address, first name, language. */
    async listAdminContacts(
      businessId: string,
    ): Promise<{ email: string; firstName: string; lang: string }[]> {
      const admins = await db
        .selectFrom('business_memberships')
        .select('user_id')
        .where('business_id', '=', businessId)
        .where('role', '=', 'admin')
        .execute();
      const people = await findPeople(
        db,
        admins.map((a) => a.user_id),
      );
      return people
        .map((p) => ({ email: p.email, firstName: p.firstName, lang: p.attributes.lang }))
        .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
    },

    async findAccountByEmail(email: string) {
      return accountWhere('email', email);
    },

    async findAccountById(id: string) {
      return accountWhere('id', id);
    },

    /** Whether a person or link holder takes part in a request sent by a person of the business. */
    async takesPartInRequestOf(
      businessId: string,
      who: { kind: 'person'; userId: string; email: string } | { kind: 'link_holder'; signerId: string },
    ): Promise<boolean> {
      const owners = db
        .selectFrom('business_memberships')
        .select('user_id')
        .where('business_id', '=', businessId);
      if (who.kind === 'link_holder') {
        const row = await db
          .selectFrom('signers as s')
          .innerJoin('signature_requests as r', 'r.id', 's.request_id')
          .select('s.id')
          .where('s.id', '=', who.signerId)
          .where('r.owner_id', 'in', owners)
          .executeTakeFirst();
        return row !== undefined;
      }
      const asSigner = await db
        .selectFrom('signers as s')
        .innerJoin('signature_requests as r', 'r.id', 's.request_id')
        .select('s.id')
        .where((eb) => eb.or([eb('s.account_user_id', '=', who.userId), eb('s.email', '=', who.email)]))
        .where('r.status', '!=', 'draft')
        .where('r.owner_id', 'in', owners)
        .executeTakeFirst();
      if (asSigner) return true;
      const asObserver = await db
        .selectFrom('observers as o')
        .innerJoin('signature_requests as r', 'r.id', 'o.request_id')
        .select('o.id')
        .where('o.email', '=', who.email)
        .where('r.status', '!=', 'draft')
        .where('r.owner_id', 'in', owners)
        .executeTakeFirst();
      return asObserver !== undefined;
    },

    /**
     * Makes the person a member and spends their invitations to this business, in one transaction
     * (the caller's, when it holds the seat check's lock). False when they belong to a business
     * already (the membership key refuses a second one).
     */
    /**
     * Makes the person a member: 'joined', or 'taken' when they belong to a business already. Only
     * an invitation lets back someone an admin removed ('removed' otherwise, nothing changed);
     * accepting one clears that record.
     */
    async join(
      businessId: string,
      user: { id: string; email: string },
      now: string,
      markUser: (attributes: string) => string,
      how: { invited: boolean },
      trx?: Transaction<Database>,
    ): Promise<'joined' | 'taken' | 'removed'> {
      return inTransaction(db, trx, async (tx) => {
        const removal = tx
          .selectFrom('business_removals')
          .select('user_id')
          .where('business_id', '=', businessId)
          .where('user_id', '=', user.id);
        if (!how.invited && (await removal.executeTakeFirst())) return 'removed';
        // the membership key (one business per person) decides between two joins at once
        const inserted = await tx
          .insertInto('business_memberships')
          .values({ user_id: user.id, business_id: businessId, role: 'member', joined_at: now })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return 'taken';
        await tx
          .deleteFrom('business_invitations')
          .where('business_id', '=', businessId)
          .where('email', '=', user.email)
          .execute();
        await tx
          .deleteFrom('business_removals')
          .where('business_id', '=', businessId)
          .where('user_id', '=', user.id)
          .execute();
        await updateAttributes(tx, [user.id], markUser);
        return 'joined';
      });
    },
  };
}

/**
 * Runs a change of roles or memberships; false, with nothing changed, if it would leave the
 * business without an admin. The business's row is locked first, so two changes of one business
 * run one after the other: two admins demoting each other at once cannot both see the other
 * still admin (on PostgreSQL each would otherwise check before the other commits).
 */
async function keepingAnAdmin(
  db: Db,
  businessId: string,
  failpoint: Failpoint,
  change: (tx: Tx) => Promise<boolean>,
): Promise<boolean> {
  try {
    return await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('businesses')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', businessId)
        .execute();
      const changed = await change(tx);
      const admin = await tx
        .selectFrom('business_memberships')
        .select('user_id')
        .where('business_id', '=', businessId)
        .where('role', '=', 'admin')
        .executeTakeFirst();
      if (!admin) throw new Refused();
      await failpoint('business.admin_checked');
      return changed;
    });
  } catch (err) {
    if (err instanceof Refused) return false;
    throw err;
  }
}
