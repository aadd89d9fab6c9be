// SQL of a business's organisation identity (ADR 062): the business's name, register and country
// as they are now, the stored verification, the operator's lists, and the log every step appends
// to in the transaction that takes it. Returns records, never raw rows.
import type { Kysely } from 'kysely';
import {
  verifiedOrganisationOf,
  type OrganisationIdentity,
  type StoredVerification,
} from '@countersign/domain';
import type { Database } from '../../db/schema.js';
import type { VerificationAction, VerificationStatus } from './tables.js';
import { findPeople } from '../accounts/index.js';

type Db = Kysely<Database>;

/** A business as verification sees it: its organisation as it is now. */
export interface OrganisationNow {
  businessId: string;
  organisation: OrganisationIdentity;
  createdAt: string;
}

export interface VerificationRecord extends StoredVerification {
  requestedAt: string | null;
  requestedBy: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
  reason: string | null;
}

export interface VerificationLogEntry {
  action: VerificationAction;
  actor: string;
  organisation: OrganisationIdentity;
  reason: string | null;
  at: string;
}

/** The register number is AES for business's `commercialRegister`, the one place it is kept. */
function registerOf(aes4biz: string | null): string {
  if (!aes4biz) return '';
  const { commercialRegister } = JSON.parse(aes4biz) as { commercialRegister?: unknown };
  return typeof commercialRegister === 'string' ? commercialRegister.trim() : '';
}

interface JoinedRow {
  id: string;
  name: string;
  country: string;
  aes4biz: string | null;
  created_at: string;
  status: VerificationStatus | null;
  v_name: string | null;
  v_register: string | null;
  v_country: string | null;
  requested_at: string | null;
  requested_by: string | null;
  decided_at: string | null;
  decided_by: string | null;
  reason: string | null;
}

/** Each business (not deleted) with its verification, if any. */
const joined = (db: Db) =>
  db
    .selectFrom('businesses as b')
    .leftJoin('business_verifications as v', 'v.business_id', 'b.id')
    .select([
      'b.id',
      'b.name',
      'b.country',
      'b.aes4biz',
      'b.created_at',
      'v.status',
      'v.name as v_name',
      'v.commercial_register as v_register',
      'v.country as v_country',
      'v.requested_at',
      'v.requested_by',
      'v.decided_at',
      'v.decided_by',
      'v.reason',
    ])
    .where('b.deleted_at', 'is', null);

function toPair(row: JoinedRow): { now: OrganisationNow; record: VerificationRecord | undefined } {
  const now: OrganisationNow = {
    businessId: row.id,
    organisation: { name: row.name, commercialRegister: registerOf(row.aes4biz), country: row.country },
    createdAt: row.created_at,
  };
  const record: VerificationRecord | undefined = row.status
    ? {
        status: row.status,
        organisation: {
          name: row.v_name ?? '',
          commercialRegister: row.v_register ?? '',
          country: row.v_country ?? '',
        },
        requestedAt: row.requested_at,
        requestedBy: row.requested_by,
        decidedAt: row.decided_at,
        decidedBy: row.decided_by,
        reason: row.reason,
      }
    : undefined;
  return { now, record };
}

/**
 * The organisation a certificate may name for the business: its name, register and country
 * exactly as the operator verified them, while they are still the business's. Null otherwise.
 */
export async function verifiedOrganisation(db: Db, businessId: string): Promise<OrganisationIdentity | null> {
  const row = await joined(db).where('b.id', '=', businessId).executeTakeFirst();
  if (!row) return null;
  const { now, record } = toPair(row);
  return verifiedOrganisationOf(now.organisation, record);
}

export function createVerificationRepo(db: Db) {
  return {
    verifiedOrganisation: (businessId: string) => verifiedOrganisation(db, businessId),

    /** The business as it is now and its verification; undefined for no (or a deleted) business. */
    async find(businessId: string) {
      const row = await joined(db).where('b.id', '=', businessId).executeTakeFirst();
      return row && toPair(row);
    },

    /** One page of the businesses whose stored verification has `status`, oldest request first. */
    async list(status: VerificationStatus, page: number, size: number) {
      const base = joined(db).where('v.status', '=', status);
      const rows = await base
        .orderBy('v.requested_at')
        .orderBy('b.id')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const count = await db
        .selectFrom('business_verifications as v')
        .innerJoin('businesses as b', 'b.id', 'v.business_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('v.status', '=', status)
        .where('b.deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      return { items: rows.map(toPair), total: Number(count.n) };
    },

    /** The e-mail addresses of the given accounts (who asked for a verification). */
    async emailsOf(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const people = await findPeople(db, userIds, { includeDeleted: true });
      return new Map(people.map((p) => [p.id, p.email]));
    },

    async log(businessId: string): Promise<VerificationLogEntry[]> {
      const rows = await db
        .selectFrom('business_verification_log')
        .selectAll()
        .where('business_id', '=', businessId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        action: r.action,
        actor: r.actor,
        organisation: { name: r.name, commercialRegister: r.commercial_register, country: r.country },
        reason: r.reason,
        at: r.created_at,
      }));
    },

    /**
     * Stores the business's verification as `record` says and appends the step to the log, in one
     * transaction, so the log holds every step that took effect and nothing else.
     */
    async record(
      businessId: string,
      record: VerificationRecord,
      step: { action: VerificationAction; actor: string; at: string },
    ): Promise<void> {
      const values = {
        status: record.status,
        name: record.organisation.name,
        commercial_register: record.organisation.commercialRegister,
        country: record.organisation.country,
        requested_at: record.requestedAt,
        requested_by: record.requestedBy,
        decided_at: record.decidedAt,
        decided_by: record.decidedBy,
        reason: record.reason,
        updated_at: step.at,
      };
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('business_verifications')
          .values({ business_id: businessId, ...values })
          .onConflict((oc) => oc.column('business_id').doUpdateSet(values))
          .execute();
        await tx
          .insertInto('business_verification_log')
          .values({
            business_id: businessId,
            action: step.action,
            actor: step.actor,
            name: record.organisation.name,
            commercial_register: record.organisation.commercialRegister,
            country: record.organisation.country,
            reason: record.reason,
            created_at: step.at,
          })
          .execute();
      });
    },
  };
}

export type VerificationRepo = ReturnType<typeof createVerificationRepo>;
