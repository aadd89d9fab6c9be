// SQL of business accounts: businesses, memberships, invitations and domains. Returns records,
// never raw rows. Lists are one indexed query per page plus a count.
import type { Kysely, Transaction } from 'kysely';
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
import type { Failpoint } from '../../lib/failpoint.js';
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

/**
 * `failpoint` lets a test hold a role change inside its transaction, after the last-admin check
 * (a second change then overlaps it exactly there).
 */
export function createBusinessRepo(db: Db, failpoint: Failpoint = async () => undefined) {
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

  const accountWhere = async (column: 'id' | 'email', value: string) => {
    const row = await db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'attributes'])
      .where(column, '=', value)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const lang = (JSON.parse(row.attributes) as { lang?: string }).lang ?? 'en';
    return { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, lang };
  };

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
      const items = await people()
        .where('m.user_id', 'in', pageKeys)
        .orderBy('m.joined_at')
        .orderBy('m.user_id')
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
    async removePeople(
      businessId: string,
      userIds: readonly string[],
      markUser: (attributes: string) => string,
    ): Promise<boolean> {
      return keepingAnAdmin(db, businessId, failpoint, async (tx) => {
        await tx
          .deleteFrom('business_memberships')
          .where('business_id', '=', businessId)
          .where('user_id', 'in', [...userIds])
          .execute();
        await updateAttributes(tx, userIds, markUser);
        return true;
      });
    },

    /**
     * Several invitations at once, all or none: false, with nothing written, when one of the
     * addresses was invited meanwhile (the unique key of business and address decides).
     */
    /** Inserts them all or none; inside `trx` when given (the caller's transaction then rolls back on false). */
    async insertInvitations(
      invitations: readonly InvitationRecord[],
      trx?: Transaction<Database>,
    ): Promise<boolean> {
      const inTransaction = <T>(work: (tx: Transaction<Database>) => Promise<T>) =>
        trx ? work(trx) : db.transaction().execute(work);
      try {
        await inTransaction(async (tx) => {
          const result = await tx
            .insertInto('business_invitations')
            .values(
              invitations.map((invitation) => ({
                id: invitation.id,
                business_id: invitation.businessId,
                email: invitation.email,
                lang: invitation.lang,
                invited_by: invitation.invitedBy,
                created_at: invitation.createdAt,
              })),
            )
            .onConflict((oc) => oc.columns(['business_id', 'email']).doNothing())
            .executeTakeFirst();
          if (Number(result.numInsertedOrUpdatedRows ?? 0) !== invitations.length) throw new Refused();
        });
        return true;
      } catch (err) {
        if (err instanceof Refused) return false;
        throw err;
      }
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

    /** Businesses whose deletion is due; the job deletes them one by one. */
    async findDueDeletions(now: string): Promise<string[]> {
      const rows = await db
        .selectFrom('businesses')
        .select('id')
        .where('deletion_due_at', '<=', now)
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Deletes a business whose deletion is (still) due: every person becomes an individual user
     * marked by `markUser`, invitations, domains and the logo go, and the row stays, marked deleted.
     */
    async deleteBusiness(
      id: string,
      now: string,
      markUser: (attributes: string) => string,
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const claimed = await tx
          .updateTable('businesses')
          .set({ deleted_at: now, updated_at: now })
          .where('id', '=', id)
          .where('deletion_due_at', '<=', now)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        const people = await tx
          .selectFrom('business_memberships')
          .select('user_id')
          .where('business_id', '=', id)
          .execute();
        await updateAttributes(
          tx,
          people.map((p) => p.user_id),
          markUser,
        );
        await tx.deleteFrom('business_memberships').where('business_id', '=', id).execute();
        await tx.deleteFrom('business_invitations').where('business_id', '=', id).execute();
        await tx.deleteFrom('business_domains').where('business_id', '=', id).execute();
        await tx.deleteFrom('business_logos').where('business_id', '=', id).execute();
        return true;
      });
    },

    /** Businesses with retention on, and their rule. */
    async listRetentionRules(): Promise<{ businessId: string; terminalState: string }[]> {
      const rows = await db
        .selectFrom('businesses')
        .select(['id', 'settings'])
        .where('deleted_at', 'is', null)
        .execute();
      return rows.flatMap((row) => {
        const { retention } = withDefaults(
          JSON.parse(row.settings) as Partial<BusinessSettings>,
        ).signatureRequests;
        return retention.enabled ? [{ businessId: row.id, terminalState: retention.terminalState }] : [];
      });
    },

    /** Requests of the business's accounts that ended in `state` before `cutoff`, a batch at a time. */
    async findRetainedRequests(
      businessId: string,
      state: string,
      cutoff: string,
      limit: number,
    ): Promise<string[]> {
      const rows = await db
        .selectFrom('signature_requests as r')
        .innerJoin('business_accounts as m', 'm.user_id', 'r.owner_id')
        .select('r.id')
        .where('m.business_id', '=', businessId)
        .where('r.status', '=', state)
        .where('r.ended_at', '<=', cutoff)
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /** The logo of a business by its public name (`<sha256>.png`). */
    async findLogo(name: string): Promise<Uint8Array | undefined> {
      const row = await db
        .selectFrom('business_logos')
        .select('png')
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.png;
    },

    /** Stores a business's logo in place of its previous one. */
    async replaceLogo(
      businessId: string,
      logo: { name: string; png: Uint8Array },
      now: string,
    ): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('business_logos').where('business_id', '=', businessId).execute();
        await tx
          .insertInto('business_logos')
          .values({ name: logo.name, business_id: businessId, png: logo.png, created_at: now })
          .execute();
      });
    },

    async deleteLogo(businessId: string): Promise<void> {
      await db.deleteFrom('business_logos').where('business_id', '=', businessId).execute();
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
      // as for people: the page's keys from the list index, then only those rows
      const pageKeys = db
        .selectFrom('business_invitations')
        .select('id')
        .where('business_id', '=', businessId)
        .orderBy('created_at')
        .orderBy('id')
        .limit(size)
        .offset((page - 1) * size);
      const rows = await db
        .selectFrom('business_invitations')
        .selectAll()
        .where('id', 'in', pageKeys)
        .orderBy('created_at')
        .orderBy('id')
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
     * Makes the person a member and spends their invitations to this business, in one transaction
     * (the caller's, when it holds the seat check's lock). False when they belong to a business
     * already (the membership key refuses a second one).
     */
    async join(
      businessId: string,
      user: { id: string; email: string },
      now: string,
      markUser: (attributes: string) => string,
      trx?: Transaction<Database>,
    ): Promise<boolean> {
      const inTransaction = <T>(work: (tx: Transaction<Database>) => Promise<T>) =>
        trx ? work(trx) : db.transaction().execute(work);
      return inTransaction(async (tx) => {
        // the membership key (one business per person) decides between two joins at once
        const inserted = await tx
          .insertInto('business_memberships')
          .values({ user_id: user.id, business_id: businessId, role: 'member', joined_at: now })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
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

/** Thrown inside a transaction to roll it back when the change is refused. */
class Refused extends Error {}

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

/**
 * The business an account is of (a person's by membership, an API user's own), if any and not
 * deleted, with its settings: a request follows its owner's business (ADR 035), for its mails,
 * its page's branding and retention.
 */
export async function businessOfMember(
  db: Db,
  userId: string,
): Promise<Pick<BusinessRecord, 'id' | 'name' | 'settings'> | undefined> {
  const row = await db
    .selectFrom('business_accounts as m')
    .innerJoin('businesses as b', 'b.id', 'm.business_id')
    .select(['b.id', 'b.name', 'b.settings'])
    .where('m.user_id', '=', userId)
    .where('b.deleted_at', 'is', null)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        name: row.name,
        settings: withDefaults(JSON.parse(row.settings) as Partial<BusinessSettings>),
      }
    : undefined;
}

/** The settings of the business a person belongs to, if any. */
export async function settingsOfMember(db: Db, userId: string): Promise<BusinessSettings | undefined> {
  return (await businessOfMember(db, userId))?.settings;
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
