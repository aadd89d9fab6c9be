// Tables of the wallet module (see db/migrations/047-wallet-presentations.ts).

export interface WalletPresentationsTable {
  identification_id: string;
  /** SHA-256 of the request's state: the wallet's answer names it, the table never holds it */
  state_hash: string;
  nonce: string;
  /** the client_id the key-binding JWT must be addressed to */
  audience: string;
  created_at: string;
  expires_at: string;
  answered_at: string | null;
  issuer: string | null;
  credential_type: string | null;
  disclosed: string | null;
}

export interface WalletTables {
  wallet_presentations: WalletPresentationsTable;
}
