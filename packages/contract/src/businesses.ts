// Business calls of spec section 7 (Business) and the business and its settings of spec section 3.
// Lists are paged (25, 50 or 100 a page). Bodies are snake_case on the wire, like every call.
// The company logo is uploaded as multipart/form-data (`logo`, PNG, JPEG or WebP) and served
// back, re-encoded, at the public address its settings name.
import { z } from 'zod';
import { ZFile, defineEndpoint } from './endpoint.js';
import { ZBusinessBilling, ZPricePlan, ZStripeInfo } from './price-plan.js';
import { ZEmail, ZLanguage } from './user.js';

const tags = ['Business'];
const ZId = z.string().min(1).max(64);
const ZBusinessParams = z.object({ id: ZId });
const ZOk = z.object({ ok: z.literal(true) });
/** How many redirect origins a business may register. */
export const MAX_REDIRECT_ORIGINS = 20;

/** The terminal states a retention rule may name (spec 3, signatureRequests.retention). */
export const ZRetentionState = z.enum(['completed', 'declined', 'withdrawn', 'expired']);
export const ZBusinessRole = z.enum(['admin', 'member']);

const ZAttachmentSetting = z.object({ enabled: z.boolean(), customisable: z.boolean() });
export const ZLogo = z.object({ url: z.string(), height: z.number().int(), width: z.number().int() });

/** Spec 3, Business settings, complete as the server keeps them. */
export const ZBusinessSettings = z.object({
  supportContact: z.object({ email: z.string(), phone: z.string() }),
  signatureRequests: z.object({
    part11: z.object({ enabled: z.boolean() }),
    retention: z.object({ enabled: z.boolean(), terminalState: ZRetentionState }),
  }),
  companyBranding: z.object({ logo: ZLogo.nullable() }),
  mailService: z.object({
    attachments: z.object({ signedDocument: ZAttachmentSetting, signatureProtocol: ZAttachmentSetting }),
  }),
  signerGroups: z.object({ maxGroups: z.number().int(), maxParticipants: z.number().int() }),
  affiliate: z.object({ enabled: z.boolean() }),
  mabSettings: z.object({ directSign: z.object({ enabled: z.boolean() }) }),
  userPilot: z.object({ enabled: z.boolean() }),
  redirects: z.object({ allowedOrigins: z.array(z.string()) }),
  embeddedSigning: z.object({ allowedOrigins: z.array(z.string()) }),
});
export type BusinessSettings = z.infer<typeof ZBusinessSettings>;

/**
 * A change to the settings: any part, and nothing the settings do not name (an unknown key is a
 * 400). The logo is set by upload; here it can only be removed (null). A setting the product does
 * not act on yet is refused with 422 `business.setting_not_supported` unless it keeps its value.
 */
export const ZBusinessSettingsPatch = z.strictObject({
  supportContact: z
    .strictObject({ email: z.string().max(254).optional(), phone: z.string().max(40).optional() })
    .optional(),
  signatureRequests: z
    .strictObject({
      part11: z.strictObject({ enabled: z.boolean() }).optional(),
      retention: z
        .strictObject({ enabled: z.boolean().optional(), terminalState: ZRetentionState.optional() })
        .optional(),
    })
    .optional(),
  companyBranding: z.strictObject({ logo: z.null() }).optional(),
  mailService: z
    .strictObject({
      attachments: z
        .strictObject({
          signedDocument: z
            .strictObject({ enabled: z.boolean().optional(), customisable: z.boolean().optional() })
            .optional(),
          signatureProtocol: z
            .strictObject({ enabled: z.boolean().optional(), customisable: z.boolean().optional() })
            .optional(),
        })
        .optional(),
    })
    .optional(),
  /** limits on new and changed signer groups; groups made before a lower limit are kept */
  signerGroups: z
    .strictObject({
      maxGroups: z.number().int().min(1).max(100).optional(),
      maxParticipants: z.number().int().min(1).max(500).optional(),
    })
    .optional(),
  /**
   * Taking part in the referral programme (ADR 104): the business's referral code is handed out,
   * and discounts another business's purchase, only while this is on. Admins only, as every setting.
   */
  affiliate: z.strictObject({ enabled: z.boolean() }).optional(),
  mabSettings: z.strictObject({ directSign: z.strictObject({ enabled: z.boolean() }).optional() }).optional(),
  userPilot: z.strictObject({ enabled: z.boolean() }).optional(),
  /**
   * The origins of the business's own integration (ADR 064): a signer on one of its requests is
   * sent to an exit, decline or error address there without being asked first. Each exactly
   * `https://host` or `https://host:port` (else 422 `business.redirect_origin_invalid`); the list
   * given replaces the one kept.
   */
  redirects: z
    .strictObject({
      allowedOrigins: z
        .array(z.string().max(300))
        .max(MAX_REDIRECT_ORIGINS)
        .describe('https://host[:port] each, without path; the whole list'),
    })
    .optional(),
  /**
   * The origins whose pages may frame the business's embedded signing page (ADR 088). Each exactly
   * `https://host[:port]`, or `http://` on localhost, 127.0.0.1 or [::1] for an integration under
   * development (else 422 `business.embedding_origin_invalid`); the list given replaces the one kept.
   */
  embeddedSigning: z
    .strictObject({
      allowedOrigins: z
        .array(z.string().max(300))
        .max(MAX_REDIRECT_ORIGINS)
        .describe('https://host[:port] each (http:// for loopback hosts), without path; the whole list'),
    })
    .optional(),
});
export type BusinessSettingsPatch = z.infer<typeof ZBusinessSettingsPatch>;

export const ZBusinessDomain = z.object({
  domain: z.string(),
  verified: z.boolean(),
  /** the DNS TXT record that proves the claim: publish `value` at `name` */
  proof: z.object({ name: z.string(), value: z.string() }),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
});

export const ZBusiness = z.object({
  id: z.string(),
  name: z.string(),
  /** the support contact (blanked when invalid, spec 5) */
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  createdAt: z.string(),
  gtcAcceptedAt: z.string().nullable(),
  dpaAcceptedAt: z.string().nullable(),
  /** when a scheduled deletion happens; null when none is scheduled (revocable until then) */
  deletionDueAt: z.string().nullable(),
  counts: z.object({ admins: z.number().int(), members: z.number().int(), invitedMembers: z.number().int() }),
  domains: z.array(ZBusinessDomain),
  /** the caller's role in this business */
  role: ZBusinessRole,
  /** what the caller may do here (the business policy), so the web app never re-derives it */
  allowedActions: z.array(z.string()),
  /** spec 3: the plan, its state and period (admins and members) */
  pricePlan: ZPricePlan,
  /** spec 3: the billing address, VAT number, currency and payment method; null for members */
  billing: ZBusinessBilling.nullable(),
  /** spec 3: the payment provider's portal and subscription state; null for members */
  stripe: ZStripeInfo.nullable(),
});
export type Business = z.infer<typeof ZBusiness>;

export const ZBusinessPerson = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZBusinessRole,
  joinedAt: z.string(),
});

export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  lang: ZLanguage,
  createdAt: z.string(),
});

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce
    .number()
    .pipe(z.union([z.literal(25), z.literal(50), z.literal(100)]))
    .default(25),
});
const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });

/** A logo is named by the SHA-256 of its PNG bytes. */
export const ZLogoParams = z.object({ name: z.string().regex(/^[0-9a-f]{64}\.png$/) });

export const ZPublicInformation = z.object({
  id: z.string(),
  name: z.string(),
  logo: ZLogo.nullable(),
  supportContact: z.object({ email: z.string(), phone: z.string() }),
});
export type PublicInformation = z.infer<typeof ZPublicInformation>;

const ZUserIds = z.strictObject({ userIds: z.array(ZId).min(1).max(100) });

export const getBusiness = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}',
  summary: 'A business, for its admins and members',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: ZBusiness,
});

export const getUserBusiness = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/user',
  summary: "The caller's business, or null for an individual user",
  tags,
  auth: 'session',
  response: z.object({ business: ZBusiness.nullable() }),
});

export const createBusiness = defineEndpoint({
  method: 'POST',
  path: '/v2/businesses',
  summary: 'Register a business; the caller becomes its first admin',
  tags,
  auth: 'session',
  body: z.strictObject({
    name: z.string().trim().min(1).max(200),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    email: z.string().max(254).optional(),
    phone: z.string().max(40).optional(),
    acceptGtc: z.literal(true),
    acceptDpa: z.literal(true),
  }),
  response: ZBusiness,
  successStatus: 201,
});

export const deleteBusiness = defineEndpoint({
  method: 'DELETE',
  path: '/v2/businesses/{id}',
  summary: 'Schedule the deletion of the business (revocable until `deletion_due_at`)',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: ZBusiness,
});

export const revokeBusinessDeletion = defineEndpoint({
  method: 'POST',
  path: '/v2/businesses/{id}/revoke_delete',
  summary: 'Revoke a scheduled deletion',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: ZBusiness,
});

export const updateBusiness = defineEndpoint({
  method: 'PUT',
  path: '/v1/businesses/{id}',
  summary: 'Change the name or the support contact (an invalid e-mail or phone is blanked)',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: z.strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    email: z.string().max(254).optional(),
    phone: z.string().max(40).optional(),
  }),
  response: ZBusiness,
});

export const getBusinessSettings = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}/settings',
  summary: 'The business settings',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: z.object({ settings: ZBusinessSettings }),
});

export const updateBusinessSettings = defineEndpoint({
  method: 'PUT',
  path: '/v1/businesses/{id}/settings',
  summary: 'Change some settings; unknown keys are refused, and so are settings without effect yet',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: ZBusinessSettingsPatch,
  response: z.object({ settings: ZBusinessSettings }),
  problems: [
    'business.not_found',
    'business.forbidden',
    'business.setting_not_supported',
    'business.redirect_origin_invalid',
  ],
});

export const uploadBusinessLogo = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/settings/logo',
  summary:
    'Set the company logo: multipart/form-data with the image as `logo` (PNG, JPEG or WebP); it is re-encoded as PNG and scaled to fit 600 x 200',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  upload: { logo: { kind: 'file', description: 'PNG, JPEG or WebP', required: true } },
  response: z.object({ settings: ZBusinessSettings }),
  problems: ['business.not_found', 'business.forbidden', 'business.logo_invalid'],
});

export const getBusinessLogo = defineEndpoint({
  method: 'GET',
  path: '/v1/business-logos/{name}',
  summary: 'A company logo as PNG, at the address its settings name (public: mails show it)',
  tags,
  auth: 'none',
  params: ZLogoParams,
  response: ZFile,
  file: { mediaTypes: ['image/png'], description: 'The logo; immutable, its name is the hash of its bytes' },
  problems: ['business.logo_not_found'],
});

export const getPublicInformation = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/public-information',
  summary:
    "Name, logo and support contact, for the business's people and for whoever takes part in a request they sent",
  tags,
  auth: 'session',
  params: ZBusinessParams,
  response: ZPublicInformation,
});

export const directGetPublicInformation = defineEndpoint({
  method: 'GET',
  path: '/v2/direct/businesses/{id}/public-information',
  summary: "Name, logo and support contact, for a link holder of a request sent by the business's people",
  tags,
  auth: 'direct',
  params: ZBusinessParams,
  query: z.object({ token: z.string().min(20).max(200) }),
  response: ZPublicInformation,
});

export const listBusinessAdmins = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}/admins',
  summary: 'The admins, in joining order, paged',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  query: ZPageQuery,
  response: page(ZBusinessPerson),
});

export const changeToAdmins = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/change-to-admins',
  summary: 'Make members admins',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: ZUserIds,
  response: z.object({ users: z.array(ZBusinessPerson) }),
});

export const changeToMembers = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/change-to-members',
  summary: 'Make admins members (the last admin cannot step down: 409 business.last_admin)',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: ZUserIds,
  response: z.object({ users: z.array(ZBusinessPerson) }),
});

export const listBusinessMembers = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}/members',
  summary: 'The members (not admins), in joining order, paged',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  query: ZPageQuery,
  response: page(ZBusinessPerson),
});

export const inviteBusinessMembers = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/members',
  summary: 'Invite people by e-mail; each gets a mail in their language linking to /invite/{id}',
  description:
    'A business sends at most INVITATIONS_PER_BUSINESS_HOUR invitations an hour, those sent again after a withdrawal included; a call that would pass it sends none and answers 429 rate_limit.exceeded with Retry-After.',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: z.strictObject({
    users: z
      .array(z.strictObject({ email: ZEmail, lang: ZLanguage.optional() }))
      .min(1)
      .max(100),
  }),
  response: z.object({ invitations: z.array(ZInvitation) }),
  successStatus: 201,
  problems: [
    'business.not_found',
    'business.forbidden',
    'business.invitation_duplicate',
    'business.already_member',
    'business.member_of_another',
    'rate_limit.exceeded',
  ],
});

export const removeBusinessMembers = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/remove-members',
  summary:
    'Remove people from the business (admins), or leave it (anyone of the business naming only themselves); they keep their account and their requests. The last admin can neither be removed nor leave (409 business.last_admin)',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: ZUserIds,
  response: z.object({ removed: z.array(z.string()) }),
});

export const listBusinessInvitations = defineEndpoint({
  method: 'GET',
  path: '/v2/businesses/{id}/invitations',
  summary: 'Invitations not yet accepted, oldest first, paged',
  tags,
  auth: 'session',
  params: ZBusinessParams,
  query: ZPageQuery,
  response: page(ZInvitation),
});

export const deleteBusinessInvitation = defineEndpoint({
  method: 'DELETE',
  path: '/v1/businesses/{id}/invitations/{inviteId}',
  summary: 'Withdraw an invitation',
  tags,
  auth: 'session',
  params: z.object({ id: ZId, inviteId: ZId }),
  response: ZOk,
});

/** What the invitation page shows a visitor who followed the mail's link (business, inviter). */
export const ZInvitationPreview = z.object({ businessName: z.string(), inviterName: z.string() });
export type InvitationPreview = z.infer<typeof ZInvitationPreview>;

export const getInvitationPreview = defineEndpoint({
  method: 'GET',
  path: '/v1/invitations/{inviteId}',
  summary: 'Who invites the holder of an invitation link, and to which business',
  description:
    'Public, for the page the invitation mail links to: answers only for an open invitation to the address given, which the link carries; any other pair is 404 business.invitation_not_found.',
  tags,
  auth: 'none',
  params: z.object({ inviteId: ZId }),
  query: z.object({ email: ZEmail }),
  response: ZInvitationPreview,
  problems: ['business.invitation_not_found'],
});

export const addBusinessDomain = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/domains',
  summary:
    "Claim a domain, or check the claim again: it is verified once the DNS TXT record it names is published, and then belongs to this business alone (other claims of it are dropped). Another business's claim never blocks one; an unproved claim expires after DOMAIN_CLAIM_DAYS (409 business.domain_taken only when another business proved it during this check)",
  tags,
  auth: 'session',
  params: ZBusinessParams,
  body: z.strictObject({ domain: z.string().trim().toLowerCase().max(253) }),
  response: ZBusinessDomain,
});

export const deleteBusinessDomain = defineEndpoint({
  method: 'DELETE',
  path: '/v1/businesses/{id}/domains/{domain}',
  summary: 'Release a domain',
  tags,
  auth: 'session',
  params: z.object({ id: ZId, domain: z.string().max(253) }),
  response: ZOk,
});

export const businessEndpoints = {
  getBusiness,
  getUserBusiness,
  createBusiness,
  deleteBusiness,
  revokeBusinessDeletion,
  updateBusiness,
  getBusinessSettings,
  updateBusinessSettings,
  uploadBusinessLogo,
  getBusinessLogo,
  getPublicInformation,
  directGetPublicInformation,
  listBusinessAdmins,
  changeToAdmins,
  changeToMembers,
  listBusinessMembers,
  inviteBusinessMembers,
  removeBusinessMembers,
  listBusinessInvitations,
  deleteBusinessInvitation,
  getInvitationPreview,
  addBusinessDomain,
  deleteBusinessDomain,
};
