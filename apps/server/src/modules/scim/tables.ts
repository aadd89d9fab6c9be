// Tables of SCIM provisioning (see db/migrations/046-scim-provisioning.ts).

export interface BusinessScimTokensTable {
  business_id: string;
  /** SHA-256 of the token; the token itself is shown once */
  token_hash: string;
  created_at: string;
  created_by: string;
  last_used_at: string | null;
}

export interface ScimUsersTable {
  business_id: string;
  user_id: string;
  external_id: string | null;
  active: number;
  created_account: number;
  created_at: string;
  updated_at: string;
}

export interface ScimTables {
  business_scim_tokens: BusinessScimTokensTable;
  scim_users: ScimUsersTable;
}
