// Tables of the businesses module (see db/migrations/016-businesses.ts).

export interface BusinessesTable {
  id: string;
  name: string;
  country: string;
  /** JSON of the business settings (spec section 3), complete with defaults */
  settings: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  gtc_accepted_at: string | null;
  dpa_accepted_at: string | null;
  deletion_due_at: string | null;
  deleted_at: string | null;
  /** db/migrations/021: JSON of AES for business (spec 3 `aes4biz`), null until first set */
  aes4biz: string | null;
}

export interface BusinessMembershipsTable {
  user_id: string;
  business_id: string;
  role: 'admin' | 'member';
  joined_at: string;
}

/**
 * db/migrations/031, a view: every account of a business, its people (by membership) and its API
 * users, so that what a request's owner sends follows the business either way. Read only.
 */
export interface BusinessAccountsView {
  user_id: string;
  business_id: string;
  kind: 'person' | 'api_user';
}

export interface BusinessInvitationsTable {
  id: string;
  business_id: string;
  email: string;
  lang: string;
  invited_by: string;
  created_at: string;
}

export interface BusinessDomainsTable {
  domain: string;
  business_id: string;
  proof: string;
  created_at: string;
  verified_at: string | null;
}

/** db/migrations/019 and 035: a business's company logo, re-encoded, served by its name (its hash) */
export interface BusinessLogosTable {
  name: string;
  business_id: string;
  png: Uint8Array;
  created_at: string;
}

/** db/migrations/029: a person's answer to (or dismissal of) a satisfaction survey, ADR 059 */
export interface BusinessSurveyAnswersTable {
  user_id: string;
  business_id: string;
  occasion: string;
  outcome: 'answered' | 'dismissed';
  rating: number | null;
  comment: string | null;
  created_at: string;
}

/** db/migrations/033: whom an admin removed; they come back only through a new invitation */
export interface BusinessRemovalsTable {
  business_id: string;
  user_id: string;
  removed_at: string;
}

export interface BusinessTables {
  business_logos: BusinessLogosTable;
  businesses: BusinessesTable;
  business_memberships: BusinessMembershipsTable;
  business_accounts: BusinessAccountsView;
  business_invitations: BusinessInvitationsTable;
  business_domains: BusinessDomainsTable;
  business_survey_answers: BusinessSurveyAnswersTable;
  business_removals: BusinessRemovalsTable;
}
