// Tables of the single sign-on module (see db/migrations/038-single-sign-on.ts).

export interface BusinessIdentityProvidersTable {
  business_id: string;
  issuer: string;
  client_id: string;
  /** encrypted (secret-box.ts) */
  client_secret: string;
  /** space-separated */
  scopes: string;
  /** JSON of the claim mapping */
  claims: string;
  required: number;
  created_at: string;
  updated_at: string;
}

export interface SsoSignInsTable {
  state_hash: string;
  business_id: string | null;
  provider_name: string | null;
  /** sso, eidplus_signup or idaustria_connect (ADR 083) */
  purpose: string;
  /** `user:<id>` or `signer:<id>` of whoever started it, when someone did */
  holder: string | null;
  nonce: string;
  code_verifier: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SsoPendingLinksTable {
  token_hash: string;
  user_id: string;
  issuer: string;
  subject: string;
  business_id: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SsoTables {
  business_identity_providers: BusinessIdentityProvidersTable;
  sso_sign_ins: SsoSignInsTable;
  sso_pending_links: SsoPendingLinksTable;
}
