// Tables of the identification module (see db/migrations/011-identification.ts and
// 013-direct-identification.ts).
import type { Generated } from 'kysely';

export interface IdentificationsTable {
  id: string;
  /** exactly one of user_id (an account) and signer_id (a link holder's signature, ADR 025) */
  user_id: string | null;
  signer_id: string | null;
  seq: number;
  provider: string;
  method: string;
  legislation: string;
  /** initialized, inprogress, success, failure or cancelled (packages/domain identification.ts) */
  status: string;
  signature_request_id: string | null;
  /** where the person completes the identification (the provider's page) */
  url: string;
  /** the identity the provider confirmed (set on success) */
  given_name: string | null;
  surname: string | null;
  country: string | null;
  /** where the remote-signing provider sends TANs */
  mobile: string | null;
  created_at: string;
  updated_at: string;
  /** when a national eID's identification was disconnected from its account (ADR 106) */
  disconnected_at: string | null;
}

export interface UserQualitiesTable {
  user_id: string;
  /** aes.any, qes.eidas, qes.zertes */
  quality: string;
  status: string;
  identification_id: string;
  created_at: string;
}

export interface SandboxSmsTable {
  id: Generated<number>;
  to_number: string;
  text: string;
  created_at: string;
}

export interface IdentificationTables {
  identifications: IdentificationsTable;
  user_qualities: UserQualitiesTable;
  sandbox_sms: SandboxSmsTable;
}
