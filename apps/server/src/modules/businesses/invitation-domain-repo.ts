// SQL of the ways into a business: invitations (domain claims are `domain-repo.ts`), and where a
// person stands with businesses (a member, invited, or offered one by the verified domain of their
// address).
// Returns records, never raw rows; lists are one indexed query per page plus a count.
import type { Transaction } from 'kysely';
import type { BusinessSettings } from '@countersign/contract';
import type { Language } from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import type { AccountStanding } from '../accounts/index.js';
import type { InvitationRecord, Page } from './model.js';
import { createDomainRepo } from './domain-repo.js';
import { type Db, inTransaction, Refused } from './repo-support.js';
import { withDefaults } from './settings.js';

const toInvitation = (row: Database['business_invitations']): InvitationRecord => ({
  id: row.id,
  businessId: row.business_id,
  email: row.email,
  lang: row.lang as Language,
  invitedBy: row.invited_by,
  createdAt: row.created_at,
});

export function createInvitationDomainRepo(db: Db) {
  return {
    /**
     * Several invitations at once, all or none: false, with nothing written, when one of the
     * addresses was invited meanwhile (the unique key of business and address decides). Inside
     * `trx` when given (the caller's transaction then rolls back on false).
     */
    async insertInvitations(
      invitations: readonly InvitationRecord[],
      trx?: Transaction<Database>,
    ): Promise<boolean> {
      try {
        await inTransaction(db, trx, async (tx) => {
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
  };
}

/** Where a person stands with businesses, for GET /v1/user (read with the account). */
export type BusinessStanding = AccountStanding;

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
  const invitation = await createInvitationDomainRepo(db).findInvitationFor(user.email);
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
  const offer = await createDomainRepo(db).findBusinessByVerifiedDomain(domain);
  return {
    role: 'user',
    business: null,
    invitation: offer ? { id: null, businessId: offer.id, businessName: offer.name, via: 'domain' } : null,
  };
}
