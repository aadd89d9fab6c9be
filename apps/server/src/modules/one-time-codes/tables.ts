// Tables of the one-time-codes module (see db/migrations/040-one-time-codes.ts).

export interface OneTimeCodesTable {
  id: string;
  purpose: string;
  subject: string;
  code_hash: string;
  channel: string;
  created_at: string;
  expires_at: string;
  attempts: number;
  used_at: string | null;
}

export interface OneTimeCodeTables {
  one_time_codes: OneTimeCodesTable;
}
