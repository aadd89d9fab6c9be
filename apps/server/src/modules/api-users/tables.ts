// Tables of the API users module (see db/migrations/023-seals-and-api-users.ts).

export interface ApiUsersTable {
  username: string;
  business_id: string;
  user_id: string;
  description: string;
  secret_hash: string;
  created_at: string;
  secret_set_at: string;
  /** set when deleted: the row stays, so its account keeps owning the requests it sent */
  deleted_at: string | null;
}

export interface ApiUserTables {
  api_users: ApiUsersTable;
}
