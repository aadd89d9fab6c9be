// Table types for Kysely. Times are ISO 8601 UTC strings and booleans are 0/1 integers in both
// SQLite and PostgreSQL, so one set of migrations and queries serves both databases.
import type { Generated } from 'kysely';
import type { VisualSignatureTables } from '../modules/visual-signatures/tables.js';
import type { SignatureRequestTables } from '../modules/signature-requests/tables.js';
import type { IdentificationTables } from '../modules/identification/tables.js';
import type { BusinessTables } from '../modules/businesses/tables.js';
import type { GroupTables } from '../modules/groups/tables.js';
import type { BusinessActivityTables } from '../modules/business-activity/tables.js';
import type { PaymentTables } from '../modules/payments/tables.js';
import type { SealTables } from '../modules/seals/tables.js';
import type { ApiUserTables } from '../modules/api-users/tables.js';
import type { BillingTables } from '../modules/billing/tables.js';
import type { BusinessVerificationTables } from '../modules/business-verification/tables.js';
import type { WebhookTables } from '../modules/webhooks/tables.js';
import type { MaintenanceTables } from '../modules/maintenance/tables.js';
import type { RelationshipSurveyTables } from '../modules/relationship-survey/tables.js';
import type { SsoTables } from '../modules/sso/tables.js';
import type { OneTimeCodeTables } from '../modules/one-time-codes/tables.js';
import type { TemplateTables } from '../modules/templates/tables.js';
import type { BulkSendTables } from '../modules/bulk-send/tables.js';
import type { ScimTables } from '../modules/scim/tables.js';
import type { WalletTables } from '../modules/wallet/tables.js';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  email_verified: number;
  first_name: string;
  last_name: string;
  /** ISO date (YYYY-MM-DD) an eID vouched for (ADR 083); null otherwise */
  birth_date: string | null;
  /** JSON of the spec's user attributes that are not columns. */
  attributes: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** An identity a provider vouches for (issuer and subject), linked to one account (ADR 075). */
export interface AccountIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: string;
  /** the national eID this identity is (eidplus, idaustria; ADR 106), null for a business's SSO */
  provider: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  ip: string | null;
}

export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'confirm' | 'reset';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ContactsTable {
  user_id: string;
  email: string;
  last_used_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  hits: number;
}

export interface SandboxMailTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: string;
  /** JSON: [{ filename, content_type, size }] */
  attachments: Generated<string>;
}

/** db/migrations/030-sandbox-dns.ts: a TXT record of the sandbox DNS zone (ADR 042) */
export interface SandboxDnsRecordsTable {
  name: string;
  value: string;
  created_at: string;
}

/** db/migrations/032-sandbox-csc-credentials.ts: a credential of the sandbox QTSP */
export interface SandboxCscCredentialsTable {
  credential_id: string;
  user_id: string;
  auth_mode: 'explicit' | 'implicit';
  /** what unlocks it: the texted code, or the provider password with it (migration 049) */
  step_up: 'otp' | 'pwdotp';
  /** scrypt hash of a pwdotp credential's password, once chosen */
  password_hash: string | null;
  mobile: string | null;
  /** JSON: the certificate, then its chain, each base64 DER */
  certificates: string;
  /** JSON: { iv, data } of the PKCS#8 key encrypted by the trust services */
  sealed_key: string;
  created_at: string;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** pending (due at next_attempt_at), sending (claimed until next_attempt_at) or failed (at next_attempt_at) */
  status: 'pending' | 'sending' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  /** the process incarnation delivering it while `sending` (ADR 046) */
  claimed_by: string | null;
  /** the same key for the same mail however often it is queued or handed over; its Message-ID */
  idempotency_key: string | null;
}

/** A serving process's life (ADR 046): alive while its heartbeat is fresh. */
export interface ProcessIncarnationsTable {
  id: string;
  /** the machine and data directory it runs on: a later process there is its next incarnation */
  node: string;
  pid: number;
  started_at: string;
  heartbeat_at: string;
}

export interface MailOutboxAttachmentsTable {
  mail_id: string;
  position: number;
  filename: string;
  content_type: string;
  sha256: string;
}

export interface TrustObjectsTable {
  name: string;
  data: Uint8Array;
  updated_at: string;
}

/** Tables owned by feature modules, each declared beside its repository. */
export interface Database
  extends
    VisualSignatureTables,
    SignatureRequestTables,
    IdentificationTables,
    BusinessTables,
    GroupTables,
    BusinessActivityTables,
    PaymentTables,
    SealTables,
    ApiUserTables,
    BillingTables,
    BusinessVerificationTables,
    WebhookTables,
    MaintenanceTables,
    RelationshipSurveyTables,
    SsoTables,
    OneTimeCodeTables,
    TemplateTables,
    BulkSendTables,
    ScimTables,
    WalletTables {
  users: UsersTable;
  account_identities: AccountIdentitiesTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  contacts: ContactsTable;
  rate_limits: RateLimitsTable;
  sandbox_mail: SandboxMailTable;
  sandbox_dns_records: SandboxDnsRecordsTable;
  sandbox_csc_credentials: SandboxCscCredentialsTable;
  mail_outbox: MailOutboxTable;
  mail_outbox_attachments: MailOutboxAttachmentsTable;
  trust_objects: TrustObjectsTable;
  process_incarnations: ProcessIncarnationsTable;
}
