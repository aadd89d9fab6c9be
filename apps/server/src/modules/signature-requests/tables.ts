// Tables of the signature-requests module (see db/migrations/003-signature-requests.ts).
import type { Generated } from 'kysely';

export interface SignatureRequestsTable {
  id: string;
  owner_id: string;
  title: string;
  message: string;
  status: string;
  quality: string;
  legislation: string;
  created_at: string;
  updated_at: string;
  initiated_at: string | null;
  completed_at: string | null;
  ended_at: string | null;
  end_message: string | null;
  /** db/migrations/012-request-expiry.ts: when an open request expires, and its last reminder */
  expires_at: string | null;
  expiry_reminder_at: string | null;
  /** db/migrations/014-event-chain-head.ts: the last audit event, outside the chain (ADR 026) */
  events_head_seq: Generated<number>;
  events_head_hash: string | null;
  /** db/migrations/015-completion-mail.ts: the completion mail is owed (1), and claimed since */
  completion_mail_due: Generated<number>;
  completion_mail_claimed_at: string | null;
  /** the process incarnation composing the completion mail (ADR 046) */
  completion_mail_claimed_by: string | null;
  /** db/migrations/048-signer-verifications.ts: link signers confirm with a TAN first (1) */
  tan_required: Generated<number>;
}

export interface DocumentsTable {
  id: string;
  request_id: string;
  position: number;
  title: string;
  file_name: string;
  page_count: number;
  pages: string;
  original_sha256: string;
  original_size: number;
  current_sha256: string;
  current_size: number;
  revision: number;
  created_at: string;
}

export interface SignersTable {
  id: string;
  request_id: string;
  position: number;
  email: string;
  name: string | null;
  account_user_id: string | null;
  status: string;
  signed_at: string | null;
  declined_at: string | null;
  decline_message: string | null;
  created_at: string;
  first_name: string | null;
  last_name: string | null;
  language: string | null;
  delegated_from: string | null;
  /** db/migrations/027: a signer group in this signer's place (ADR 056), its members as JSON */
  group_id: string | null;
  group_name: string | null;
  group_members: string | null;
}

export interface SignerTokensTable {
  token_hash: string;
  signer_id: string;
  created_at: string;
}

/** A signer's short-lived token for embedded signing (migration 050, ADR 088). */
export interface EmbeddedSigningTokensTable {
  token_hash: string;
  signer_id: string;
  created_at: string;
  expires_at: string;
}

/** A link's read-only afterlife once its request has ended (ADR 041). */
export interface LinkGrantsTable {
  token_hash: string;
  signer_id: string;
  created_at: string;
  expires_at: string;
}

/** The name of each signer's PDF signature field per document (its box, if any: request_fields). */
export interface SignerFieldsTable {
  signer_id: string;
  document_id: string;
  field_name: string;
}

/** db/migrations/017-request-fields.ts: the fields placed for signers (ADR 039). */
export interface RequestFieldsTable {
  request_id: string;
  id: string;
  signer_id: string;
  document_id: string;
  position: number;
  kind: string;
  required: number;
  label: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  field_name: string;
  value: string | null;
}

export interface ObserversTable {
  id: string;
  request_id: string;
  email: string;
  created_at: string;
}

export interface EventsTable {
  request_id: string;
  seq: number;
  type: string;
  at: string;
  actor_kind: string;
  actor_id: string | null;
  actor_email: string | null;
  ip: string | null;
  data: string;
  prev_hash: string;
  hash: string;
}

export interface RequestParticipantsTable {
  email: string;
  request_id: string;
  is_owner: number;
  status: string;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface RequestSearchTermsTable {
  request_id: string;
  term: string;
}

export interface AttachmentsTable {
  id: string;
  request_id: string;
  position: number;
  file_name: string;
  content_type: string;
  size: number | string;
  sha256: string;
  created_at: string;
}

export interface SendtoHandoffsTable {
  id: string;
  request_id: string;
  from_user_id: string;
  to_email: string;
  message: string;
  created_at: string;
  claimed_at: string | null;
}

export interface DocumentLocksTable {
  document_id: string;
  holder: string;
  expires_at: string;
  /** the process incarnation holding it (ADR 046); a dead one's lock is taken over at once */
  process_id: string | null;
}

/** A link holder's drawn or uploaded signature image (migration 028), a bounded PNG. */
export interface SignerImagesTable {
  signer_id: string;
  image: Uint8Array;
  updated_at: string;
}

/** A qualified signature waiting for its signer at the provider (mab-repo.ts, ADR 076). */
export interface MabSignaturesTable {
  state_hash: string;
  request_id: string;
  signer_id: string;
  credential_id: string;
  /** hex serial number of the credential's certificate at create-par; null in rows kept before it */
  certificate_serial: string | null;
  /** JSON: base64 SHA-256 of each document's signed attributes, in document order */
  hashes: string;
  signing_time: string;
  language: string;
  /** JSON: the consent the signer gave (RecordedConsent) */
  consent: string;
  /** JSON: string pairs given back by redirect-sign */
  redirect_query_params: string;
  created_at: string;
  expires_at: string;
}

/** An advanced signature waiting for its signer's answer on the phone (mobile-id-repo.ts, ADR 094). */
export interface MobileIdSignaturesTable {
  transaction_id: string;
  request_id: string;
  signer_id: string;
  /** JSON: what the signer chose when starting (language, consent, name, reason, visual, fields) */
  options: string;
  created_at: string;
  expires_at: string;
}

/** The sandbox phone's Mobile ID confirmations (providers/mobile-id/sandbox.ts, never in production). */
export interface SandboxMobileIdTable {
  transaction_id: string;
  mobile: string;
  message: string;
  status: 'pending' | 'approved' | 'refused';
  given_name: string | null;
  surname: string | null;
  country: string | null;
  created_at: string;
  expires_at: string;
}

/** Archive renewal of a completed document (ADR 089, migration 051). */
export interface ArchiveRenewalsTable {
  document_id: string;
  request_id: string;
  proven_until: string | null;
  next_check_at: string | null;
  attempts: Generated<number>;
  last_error: string | null;
  renewed_at: string | null;
}

/** db/migrations/048-signer-verifications.ts: a signer's TAN confirmation (ADR 086) */
export interface SignerVerificationsTable {
  signer_id: string;
  request_id: string;
  state: 'pending' | 'verified' | 'cancelled';
  verified_until: string | null;
  updated_at: string;
}

export interface SignatureRequestTables {
  signature_requests: SignatureRequestsTable;
  documents: DocumentsTable;
  attachments: AttachmentsTable;
  sendto_handoffs: SendtoHandoffsTable;
  request_search_terms: RequestSearchTermsTable;
  signers: SignersTable;
  signer_fields: SignerFieldsTable;
  request_fields: RequestFieldsTable;
  signer_tokens: SignerTokensTable;
  link_grants: LinkGrantsTable;
  embedded_signing_tokens: EmbeddedSigningTokensTable;
  signer_images: SignerImagesTable;
  observers: ObserversTable;
  events: EventsTable;
  document_locks: DocumentLocksTable;
  request_participants: RequestParticipantsTable;
  mab_signatures: MabSignaturesTable;
  archive_renewals: ArchiveRenewalsTable;
  signer_verifications: SignerVerificationsTable;
  mobile_id_signatures: MobileIdSignaturesTable;
  sandbox_mobile_id: SandboxMobileIdTable;
}
