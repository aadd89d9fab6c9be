// What a business's admins see of its activity (spec 7 "Activity and groups", "Business"): three
// activity lists (accounts, signatures, identifications) with their CSV export, the statistics of
// the dashboard, and AES for business (spec 3 `aes4biz`). Admins see who did what and when, never
// the documents themselves (ADR 035).
import { z } from 'zod';
import { ZFile, defineEndpoint } from './endpoint.js';
import { ZBusinessRole } from './businesses.js';
import { ZLegislation, ZQuality } from './user.js';

const tags = ['Business activity'];
const ZId = z.string().min(1).max(64);
const ZBusinessParams = z.object({ id: ZId });

/**
 * A day (`2026-11-24`, the whole day in UTC) or an instant with its offset. `start_date` is
 * inclusive, `end_date` too: a day as end date takes in that whole day.
 */
export const ZActivityDate = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** The filters every activity list and its export take. */
export const ZActivityFilter = z.object({
  /** newest first (desc, the default) or oldest first */
  sort: z.enum(['desc', 'asc']).default('desc'),
  startDate: ZActivityDate.optional(),
  endDate: ZActivityDate.optional(),
});
export type ActivityFilter = z.infer<typeof ZActivityFilter>;

export const ZActivityQuery = ZActivityFilter.extend({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce
    .number()
    .pipe(z.union([z.literal(25), z.literal(50), z.literal(100)]))
    .default(25),
});
export type ActivityQuery = z.infer<typeof ZActivityQuery>;

export const ZActivityKind = z.enum(['accounts', 'signatures', 'identifications']);
export type ActivityKind = z.infer<typeof ZActivityKind>;

/** Something that happened to a person's place in the business. */
export const ZAccountActivity = z.object({
  id: z.string(),
  at: z.string(),
  event: z.enum(['invited', 'invitation_withdrawn', 'joined', 'role_changed', 'removed', 'left']),
  email: z.string(),
  name: z.string(),
  /** the role the person holds after the event (null once they are no longer of the business) */
  role: ZBusinessRole.nullable(),
  /** who did it: an admin's address, or the person themselves */
  byEmail: z.string(),
});

/**
 * A signature made by a person of the business, or on a request one of its people sent.
 * `group_name` names the signer group the signer signed for, if any.
 */
export const ZSignatureActivity = z.object({
  id: z.string(),
  at: z.string(),
  requestId: z.string(),
  signerEmail: z.string(),
  signerName: z.string(),
  quality: ZQuality,
  legislation: ZLegislation,
  senderEmail: z.string(),
  groupName: z.string().nullable(),
});

/** An identification of a person of the business that ended (successfully or not). */
export const ZIdentificationActivity = z.object({
  id: z.string(),
  at: z.string(),
  email: z.string(),
  name: z.string(),
  method: z.string(),
  legislation: ZLegislation,
  /** `disconnected`: a national eID taken off the account (ADR 106) */
  outcome: z.enum(['success', 'failure', 'cancelled', 'disconnected']),
});

export type AccountActivity = z.infer<typeof ZAccountActivity>;
export type SignatureActivity = z.infer<typeof ZSignatureActivity>;
export type IdentificationActivity = z.infer<typeof ZIdentificationActivity>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });

const activityProblems = ['business.not_found', 'business.forbidden'] as const;
const listDescription = (what: string) =>
  `${what}, filtered by \`start_date\` and \`end_date\` (each inclusive; a day means the whole day in UTC) and paged. For the admins of the business and its API users.`;

export const listAccountActivities = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/activities/accounts',
  summary: 'Account activity: invitations, joining, role changes, removals',
  description: listDescription('Who was invited, joined, changed role, was removed or left, and when'),
  tags,
  auth: 'business',
  params: ZBusinessParams,
  query: ZActivityQuery,
  response: page(ZAccountActivity),
  problems: activityProblems,
});

export const listSignatureActivities = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/activities/signatures',
  summary: "Signatures made by the business's people or on their requests",
  description: listDescription(
    'Each signature made by a person of the business or on a request one of its people sent, with its level',
  ),
  tags,
  auth: 'business',
  params: ZBusinessParams,
  query: ZActivityQuery,
  response: page(ZSignatureActivity),
  problems: activityProblems,
});

export const listIdentificationActivities = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/activities/identifications',
  summary: "Identifications of the business's people",
  description: listDescription(
    'Each identification of a person of the business that ended, with its outcome',
  ),
  tags,
  auth: 'business',
  params: ZBusinessParams,
  query: ZActivityQuery,
  response: page(ZIdentificationActivity),
  problems: activityProblems,
});

export const exportActivities = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/activities/{kind}/csv',
  summary: 'One activity list as a CSV file (accounts, signatures or identifications)',
  description:
    'The whole list for the filters as CSV (RFC 4180: comma-separated, CRLF line ends, quoted where needed), UTF-8 with a byte order mark so spreadsheet programs read it as UTF-8; a cell that a spreadsheet would take for a formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe. The first row names the columns, as the JSON list names its fields. Streamed: the answer starts at once and the server holds only one page of rows at a time, whatever the size. A few exports run at once; past them the call answers 503 `activity.export_busy` with Retry-After.',
  tags,
  auth: 'business',
  params: z.object({ id: ZId, kind: ZActivityKind }),
  query: ZActivityFilter,
  response: ZFile,
  file: { mediaTypes: ['text/csv'], description: 'The activity as CSV, UTF-8 with a byte order mark' },
  problems: [...activityProblems, 'activity.export_busy'],
});

/** Signatures made in one month (`2026-11`), by level. */
export const ZMonthSignatures = z.object({
  month: z.string(),
  ses: z.number().int(),
  aes: z.number().int(),
  qes: z.number().int(),
});

export const ZBusinessStatistics = z.object({
  /** the months counted, oldest first, every month of the range present (zeros included) */
  signaturesPerMonth: z.array(ZMonthSignatures),
  /** requests sent by the business's people that are open now, and those completed (ever) */
  requests: z.object({ open: z.number().int(), completed: z.number().int() }),
  /** the business's people now: admins and members together */
  members: z.number().int(),
  /** the seats in use, and where the figure comes from (the membership count until billing counts seats) */
  seats: z.object({ used: z.number().int(), source: z.enum(['members', 'billing']) }),
});
export type BusinessStatistics = z.infer<typeof ZBusinessStatistics>;

export const getBusinessStatistics = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/statistics',
  summary: 'The dashboard figures: signatures per month by level, requests, members and seats',
  description:
    'Signatures per month by level over the last `months` months including the current one (default 12, at most 36), the open and completed requests of the business’s people, the number of people and the seats in use. For the admins of the business and its API users.',
  tags: ['Business'],
  auth: 'business',
  params: ZBusinessParams,
  query: z.object({ months: z.coerce.number().int().min(1).max(36).default(12) }),
  response: ZBusinessStatistics,
  problems: activityProblems,
});

/**
 * AES for business (spec 3 `aes4biz`): the business vouches for the identity of its people on
 * its verified domains, who then sign at the advanced level without identifying themselves
 *.
 */
export const ZAes4Biz = z.object({
  enabled: z.boolean(),
  representativeName: z.string(),
  representativeEmail: z.string(),
  /** the business's register number, which the operator's verification covers (a change voids it) */
  commercialRegister: z.string(),
  /** domains of the business (verified ones) whose people sign at the advanced level */
  domains: z.array(z.string()),
});
export type Aes4Biz = z.infer<typeof ZAes4Biz>;

export const ZAes4BizPatch = z.strictObject({
  enabled: z.boolean().optional(),
  representativeName: z.string().trim().max(200).optional(),
  representativeEmail: z.union([z.email().max(254), z.literal('')]).optional(),
  commercialRegister: z.string().trim().max(200).optional(),
  domains: z.array(z.string().trim().toLowerCase().max(253)).max(50).optional(),
});
export type Aes4BizPatch = z.infer<typeof ZAes4BizPatch>;

export const getAesForBusiness = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/aes4biz',
  summary: 'AES for business: whether it is on, the representative, the register and the domains',
  description:
    'The business’s AES for business settings. Admins of the business only. The business vouches only while the operator has verified its name, commercial register and country (`GET /v1/businesses/{id}/verification`), and for each person only by the name an admin approved (`.../aes4biz/vouched-names`).',
  tags: ['Business'],
  auth: 'session',
  params: ZBusinessParams,
  response: z.object({ aes4biz: ZAes4Biz }),
  problems: activityProblems,
});

export const updateAesForBusiness = defineEndpoint({
  method: 'PUT',
  path: '/v2/businesses/{id}/aes4biz',
  summary: 'Change AES for business',
  description:
    'Changes some of the settings. Turning it on needs the representative’s name and e-mail, the commercial register and at least one domain; every domain named must be claimed and verified by the business (422 `business.aes4biz_incomplete`, `business.aes4biz_domain_unverified`).',
  tags: ['Business'],
  auth: 'session',
  params: ZBusinessParams,
  body: ZAes4BizPatch,
  response: z.object({ aes4biz: ZAes4Biz }),
  problems: [...activityProblems, 'business.aes4biz_incomplete', 'business.aes4biz_domain_unverified'],
});

/**
 * A person of the business as AES for business vouches for them: the name their advanced
 * certificates carry is the one an admin approved (`vouched_name`), never the account's own,
 * which the person may change at will. Without an approved name the business vouches for nobody.
 */
export const ZVouchedName = z.object({
  userId: z.string(),
  email: z.string(),
  /** the account's own name, as the person typed it */
  firstName: z.string(),
  lastName: z.string(),
  /** the name an admin approved for certificates; null: none approved */
  vouchedName: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type VouchedName = z.infer<typeof ZVouchedName>;

const ZVouchedNameParams = z.object({ id: ZId, userId: ZId });

export const listVouchedNames = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/aes4biz/vouched-names',
  summary: 'The people of the business with the name AES for business vouches for, if approved',
  description:
    'Admins only. Every person of the business, by name, with the name an admin approved for their advanced certificates (null where none is). Paged.',
  tags: ['Business'],
  auth: 'session',
  params: ZBusinessParams,
  query: z.object({
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce
      .number()
      .pipe(z.union([z.literal(25), z.literal(50), z.literal(100)]))
      .default(25),
  }),
  response: page(ZVouchedName),
  problems: activityProblems,
});

export const approveVouchedName = defineEndpoint({
  method: 'PUT',
  path: '/v2/businesses/{id}/aes4biz/vouched-names/{userId}',
  summary: 'Approve the name AES for business vouches for, for one person of the business',
  description:
    'Admins only. The name (as the person’s identity documents give it) is what the person’s advanced certificates name (CN) while the business vouches for them; the person’s own changes to their account’s name do not change it. 404 `business.member_not_found` for someone not of the business.',
  tags: ['Business'],
  auth: 'session',
  params: ZVouchedNameParams,
  body: z.strictObject({ name: z.string().trim().min(1).max(200) }),
  response: ZVouchedName,
  problems: [...activityProblems, 'business.member_not_found'],
});

export const withdrawVouchedName = defineEndpoint({
  method: 'DELETE',
  path: '/v2/businesses/{id}/aes4biz/vouched-names/{userId}',
  summary: 'Withdraw the approved name: the business vouches for the person no longer',
  description:
    'Admins only. The person signs at the advanced level only with an identification of their own.',
  tags: ['Business'],
  auth: 'session',
  params: ZVouchedNameParams,
  response: ZVouchedName,
  problems: [...activityProblems, 'business.member_not_found'],
});

export const businessActivityEndpoints = {
  listAccountActivities,
  listSignatureActivities,
  listIdentificationActivities,
  exportActivities,
  getBusinessStatistics,
  getAesForBusiness,
  updateAesForBusiness,
  listVouchedNames,
  approveVouchedName,
  withdrawVouchedName,
};
