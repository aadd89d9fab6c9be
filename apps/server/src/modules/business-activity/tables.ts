// Tables of the business activity report and dashboard (see
// db/migrations/021-signer-groups-and-activity.ts).

/** One event of the activity report; the columns a kind does not use are null. */
export interface BusinessActivitiesTable {
  id: string;
  business_id: string;
  kind: 'accounts' | 'signatures' | 'identifications';
  at: string;
  event: string;
  email: string;
  name: string;
  role: string | null;
  by_email: string | null;
  request_id: string | null;
  sender_email: string | null;
  quality: string | null;
  legislation: string | null;
  group_name: string | null;
  method: string | null;
}

/** Signatures per business, month (`2026-11`) and level, counted as they are made. */
export interface BusinessSignatureMonthsTable {
  business_id: string;
  month: string;
  quality: string;
  count: number;
}

/** db/migrations/026: requests per owner and state, kept by triggers on signature_requests. */
export interface RequestStatusCountsTable {
  owner_id: string;
  status: string;
  count: number;
}

/**
 * db/migrations/034: the name a business vouches for under AES for business, approved by one of
 * its admins (ADR 057).
 */
export interface BusinessVouchedNamesTable {
  business_id: string;
  user_id: string;
  name: string;
  approved_by: string;
  approved_at: string;
}

export interface BusinessActivityTables {
  business_activities: BusinessActivitiesTable;
  business_signature_months: BusinessSignatureMonthsTable;
  request_status_counts: RequestStatusCountsTable;
  business_vouched_names: BusinessVouchedNamesTable;
}
