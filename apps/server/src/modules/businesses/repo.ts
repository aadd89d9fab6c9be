// SQL of business accounts: businesses, memberships, invitations and domains. Returns records,
// never raw rows. Lists are one indexed query per page plus a count.
import type { Kysely } from 'kysely';
import type { BusinessSettings } from '@countersign/contract';
import type { Language } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import type {
  BusinessPerson,
  BusinessRecord,
  BusinessRole,
  DomainRecord,
  InvitationRecord,
  Page,
} from './model.js';
import { withDefaults } from './settings.js';

type Db = Kysely<Database>;
type BusinessRow = Database['businesses'];

function toBusiness(row: BusinessRow): BusinessRecord {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    settings: withDefaults(JSON.parse(row.settings) as Partial<BusinessSettings>),
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    gtcAcceptedAt: row.gtc_accepted_at,
    dpaAcceptedAt: row.dpa_accepted_at,
    deletionDueAt: row.deletion_due_at,
  };
}

const toInvitation = (row: Database['business_invitations']): InvitationRecord => ({
  id: row.id,
  businessId: row.business_id,
  email: row.email,
  lang: row.lang as Language,
  invitedBy: row.invited_by,
  createdAt: row.created_at,
});

const toDomain = (row: Database['business_domains']): DomainRecord => ({
  domain: row.domain,
  businessId: row.business_id,
  proof: row.proof,
  createdAt: row.created_at,
  verifiedAt: row.verified_at,
});

export function createBusinessRepo(db: Db) {
  const people = () =>
    db
      .selectFrom('business_memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select([
        'm.user_id as userId',
        'u.email as email',
        'u.first_name as firstName',
        'u.last_name as lastName',
        'm.role as role',
        'm.joined_at as joinedAt',
      ]);

  return {
    /** A business and its first admin, in one transaction. */
    async insertBusiness(business: BusinessRecord, adminUserId: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('businesses')
          .values({
            id: business.id,
            name: business.name,
            country: business.country,
            settings: JSON.stringify(business.settings),
            created_by: business.createdBy,
            created_at: business.createdAt,
            updated_at: business.updatedAt,
            gtc_accepted_at: business.gtcAcceptedAt,
            dpa_accepted_at: business.dpaAcceptedAt,
            deletion_due_at: null,
            deleted_at: null,
          })
          .execute();
        await tx
          .insertInto('business_memberships')
          .values({
            user_id: adminUserId,
            business_id: business.id,
            role: 'admin',
            joined_at: business.createdAt,
          })
          .execute();
      });
    },

    async findBusiness(id: string): Promise<BusinessRecord | undefined> {
      const row = await db
        .selectFrom('businesses')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row ? toBusiness(row) : undefined;
    },

    async updateBusiness(
      id: string,
      changes: Partial<Pick<BusinessRecord, 'name' | 'settings' | 'deletionDueAt'>>,
      now: string,
    ): Promise<void> {
      await db
        .updateTable('businesses')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.settings !== undefined && { settings: JSON.stringify(changes.settings) }),
          ...(changes.deletionDueAt !== undefined && { deletion_due_at: changes.deletionDueAt }),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },

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
      const items = await people()
        .where('m.business_id', '=', businessId)
        .where('m.role', '=', role)
        .orderBy('m.joined_at')
        .orderBy('m.user_id')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
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
      return people()
        .where('m.business_id', '=', businessId)
        .where('m.user_id', 'in', [...userIds])
        .execute();
    },

    /** Sets the role of these people; refuses (returns false, nothing changed) if no admin would remain. */
    async setRoles(businessId: string, userIds: readonly string[], role: BusinessRole): Promise<boolean> {
      return keepingAnAdmin(db, async (tx) => {
        await tx
          .updateTable('business_memberships')
          .set({ role })
          .where('business_id', '=', businessId)
          .where('user_id', 'in', [...userIds])
          .execute();
        await assertAdminLeft(tx, businessId);
        return true;
      });
    },

    /** Removes these people; refuses (returns false, nothing changed) if no admin would remain. */
    async removePeople(
      businessId: string,
      userIds: readonly string[],
      markUser: (attributes: string) => string,
    ): Promise<boolean> {
      return keepingAnAdmin(db, async (tx) => {
        await tx
          .deleteFrom('business_memberships')
          .where('business_id', '=', businessId)
          .where('user_id', 'in', [...userIds])
          .execute();
        await assertAdminLeft(tx, businessId);
        await updateAttributes(tx, userIds, markUser);
        return true;
      });
    },

    async insertInvitation(invitation: InvitationRecord): Promise<void> {
      await db
        .insertInto('business_invitations')
        .values({
          id: invitation.id,
          business_id: invitation.businessId,
          email: invitation.email,
          lang: invitation.lang,
          invited_by: invitation.invitedBy,
          created_at: invitation.createdAt,
        })
        .execute();
    },

    async findInvitation(id: string): Promise<InvitationRecord | undefined> {
      const row = await db
        .selectFrom('business_invitations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toInvitation(row) : undefined;
    },

    async findInvitationsTo(businessId: string, emails: readonly string[]): Promise<InvitationRecord[]> {
      if (emails.length === 0) return [];
      const rows = await db
        .selectFrom('business_invitations')
        .selectAll()
        .where('business_id', '=', businessId)
        .where('email', 'in', [...emails])
        .execute();
      return rows.map(toInvitation);
    },

    /** The newest invitation to an address, from a business that is not being deleted. */
    async findInvitationFor(
      email: string,
    ): Promise<(InvitationRecord & { businessName: string }) | undefined> {
      const row = await db
        .selectFrom('business_invitations as i')
        .innerJoin('businesses as b', 'b.id', 'i.business_id')
        .selectAll('i')
        .select('b.name as business_name')
        .where('i.email', '=', email)
        .where('b.deleted_at', 'is', null)
        .orderBy('i.created_at', 'desc')
        .executeTakeFirst();
      return row ? { ...toInvitation(row), businessName: row.business_name } : undefined;
    },

    async listInvitations(businessId: string, page: number, size: number): Promise<Page<InvitationRecord>> {
      const rows = await db
        .selectFrom('business_invitations')
        .selectAll()
        .where('business_id', '=', businessId)
        .orderBy('created_at')
        .orderBy('id')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const total = await db
        .selectFrom('business_invitations')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('business_id', '=', businessId)
        .executeTakeFirstOrThrow();
      return { items: rows.map(toInvitation), page, size, total: Number(total.n) };
    },

    async deleteInvitation(id: string): Promise<void> {
      await db.deleteFrom('business_invitations').where('id', '=', id).execute();
    },

    /**
     * Makes the person a member and spends their invitations to this business, in one transaction.
     * False when they belong to a business already (the membership key refuses a second one).
     */
    async join(
      businessId: string,
      user: { id: string; email: string },
      now: string,
      markUser: (attributes: string) => string,
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const existing = await tx
          .selectFrom('business_memberships')
          .select('user_id')
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        if (existing) return false;
        await tx
          .insertInto('business_memberships')
          .values({ user_id: user.id, business_id: businessId, role: 'member', joined_at: now })
          .execute();
        await tx
          .deleteFrom('business_invitations')
          .where('business_id', '=', businessId)
          .where('email', '=', user.email)
          .execute();
        await updateAttributes(tx, [user.id], markUser);
        return true;
      });
    },

    async listDomains(businessId: string): Promise<DomainRecord[]> {
      const rows = await db
        .selectFrom('business_domains')
        .selectAll()
        .where('business_id', '=', businessId)
        .orderBy('domain')
        .execute();
      return rows.map(toDomain);
    },

    async findDomain(domain: string): Promise<DomainRecord | undefined> {
      const row = await db
        .selectFrom('business_domains')
        .selectAll()
        .where('domain', '=', domain)
        .executeTakeFirst();
      return row ? toDomain(row) : undefined;
    },

    /** Claims a domain for a business; false when another claim holds it (one domain, one business). */
    async insertDomain(record: DomainRecord): Promise<boolean> {
      const result = await db
        .insertInto('business_domains')
        .values({
          domain: record.domain,
          business_id: record.businessId,
          proof: record.proof,
          created_at: record.createdAt,
          verified_at: record.verifiedAt,
        })
        .onConflict((oc) => oc.column('domain').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    async markDomainVerified(domain: string, now: string): Promise<void> {
      await db
        .updateTable('business_domains')
        .set({ verified_at: now })
        .where('domain', '=', domain)
        .execute();
    },

    async deleteDomain(businessId: string, domain: string): Promise<boolean> {
      const result = await db
        .deleteFrom('business_domains')
        .where('business_id', '=', businessId)
        .where('domain', '=', domain)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** The business whose verified domain an address is on, if it is not being deleted. */
    async findBusinessByVerifiedDomain(domain: string): Promise<{ id: string; name: string } | undefined> {
      return db
        .selectFrom('business_domains as d')
        .innerJoin('businesses as b', 'b.id', 'd.business_id')
        .select(['b.id as id', 'b.name as name'])
        .where('d.domain', '=', domain)
        .where('d.verified_at', 'is not', null)
        .where('b.deleted_at', 'is', null)
        .where('b.deletion_due_at', 'is', null)
        .executeTakeFirst();
    },
  };
}

export type BusinessRepo = ReturnType<typeof createBusinessRepo>;

type Tx = Parameters<Parameters<ReturnType<Db['transaction']>['execute']>[0]>[0];

class NoAdminLeft extends Error {}

/** Throws (rolling the transaction back) when the business has no admin left. */
async function assertAdminLeft(tx: Tx, businessId: string): Promise<void> {
  const admin = await tx
    .selectFrom('business_memberships')
    .select('user_id')
    .where('business_id', '=', businessId)
    .where('role', '=', 'admin')
    .executeTakeFirst();
  if (!admin) throw new NoAdminLeft();
}

/** Runs a change of roles or memberships; false, with nothing changed, if it would leave no admin. */
async function keepingAnAdmin(db: Db, change: (tx: Tx) => Promise<boolean>): Promise<boolean> {
  try {
    return await db.transaction().execute(change);
  } catch (err) {
    if (err instanceof NoAdminLeft) return false;
    throw err;
  }
}

async function updateAttributes(tx: Tx, userIds: readonly string[], mark: (attributes: string) => string) {
  for (const id of userIds) {
    const row = await tx.selectFrom('users').select('attributes').where('id', '=', id).executeTakeFirst();
    if (row)
      await tx
        .updateTable('users')
        .set({ attributes: mark(row.attributes) })
        .where('id', '=', id)
        .execute();
  }
}

/** Where a person stands with businesses, for GET /v1/user (read with the account). */
export interface BusinessStanding {
  role: 'user' | BusinessRole;
  business: { id: string; name: string; deletionDueAt: string | null; userPilotEnabled: boolean } | null;
  invitation: {
    id: string | null;
    businessId: string;
    businessName: string;
    via: 'invitation' | 'domain';
  } | null;
}

export async function businessStanding(
  db: Db,
  user: { id: string; email: string },
): Promise<BusinessStanding> {
  const row = await db
    .selectFrom('business_memberships as m')
    .innerJoin('businesses as b', 'b.id', 'm.business_id')
    .select(['m.role', 'b.id', 'b.name', 'b.deletion_due_at', 'b.settings'])
    .where('m.user_id', '=', user.id)
    .executeTakeFirst();
  if (row) {
    const settings = withDefaults(JSON.parse(row.settings) as Partial<BusinessSettings>);
    return {
      role: row.role,
      business: {
        id: row.id,
        name: row.name,
        deletionDueAt: row.deletion_due_at,
        userPilotEnabled: settings.userPilot.enabled,
      },
      invitation: null,
    };
  }
  const repo = createBusinessRepo(db);
  const invitation = await repo.findInvitationFor(user.email);
  if (invitation) {
    return {
      role: 'user',
      business: null,
      invitation: {
        id: invitation.id,
        businessId: invitation.businessId,
        businessName: invitation.businessName,
        via: 'invitation',
      },
    };
  }
  const domain = user.email.slice(user.email.lastIndexOf('@') + 1);
  const offer = await repo.findBusinessByVerifiedDomain(domain);
  return {
    role: 'user',
    business: null,
    invitation: offer ? { id: null, businessId: offer.id, businessName: offer.name, via: 'domain' } : null,
  };
}
