// Tables of the seals module (see db/migrations/023-seals-and-api-users.ts).

export interface SealsTable {
  id: string;
  business_id: string;
  name: string;
  label: string;
  quality: 'aes' | 'qes';
  certificate: string;
  chain: string;
  /** JSON of the encrypted key; empty for a qualified seal, whose key the provider holds */
  sealed_key: string;
  key_algorithm: 'P-256' | 'RSA-2048';
  image_png: Uint8Array | null;
  created_at: string;
  updated_at: string;
}

export interface SealMembersTable {
  seal_id: string;
  user_id: string;
  added_at: string;
}

export interface SealTables {
  seals: SealsTable;
  seal_members: SealMembersTable;
}
