// Tables of a business's organisation identity (see db/migrations/034-organisation-verification.ts).
import type { Generated } from 'kysely';

export type VerificationStatus = 'pending' | 'verified' | 'refused' | 'revoked';
export type VerificationAction = 'requested' | 'verified' | 'refused' | 'revoked';

export interface BusinessVerificationsTable {
  business_id: string;
  status: VerificationStatus;
  /** while pending: the organisation as asked for; once verified: as the operator verified it */
  name: string;
  commercial_register: string;
  country: string;
  requested_at: string | null;
  /** the admin who asked (a user id) */
  requested_by: string | null;
  decided_at: string | null;
  /** the operator's channel: `cli` or `api` */
  decided_by: string | null;
  /** why a request was refused or a verification revoked; the operator's note on a verification */
  reason: string | null;
  updated_at: string;
}

/** Every step of every business's verification, appended and never changed. */
export interface BusinessVerificationLogTable {
  id: Generated<number>;
  business_id: string;
  action: VerificationAction;
  actor: string;
  name: string;
  commercial_register: string;
  country: string;
  reason: string | null;
  created_at: string;
}

export interface BusinessVerificationTables {
  business_verifications: BusinessVerificationsTable;
  business_verification_log: BusinessVerificationLogTable;
}
