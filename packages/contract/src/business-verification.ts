// A business's organisation identity (ADR 062): its legal name, commercial register and country,
// which a seal's certificate and an AES-for-business certificate name only once the operator of
// the installation has verified them. The business's admins read the state and ask for a
// verification; the operator lists, verifies, refuses and revokes through the operator API (a
// Bearer token of its own, `OPERATOR_API_TOKEN`; unset, the operator API answers 404) or the
// `countersign business` commands. Every step is in the verification log.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

const ZId = z.string().min(1).max(64);
const ZBusinessParams = z.object({ id: ZId });

/** What a certificate would name: the business's name (O), register (organizationIdentifier), country (C). */
export const ZOrganisation = z.object({
  name: z.string(),
  /** the register number, e.g. CHE-123.456.789; the same as `aes4biz.commercial_register` */
  commercialRegister: z.string(),
  country: z.string(),
});
export type Organisation = z.infer<typeof ZOrganisation>;

/**
 * unverified: never asked for, or asked for again after nothing; pending: an admin asked, the
 * operator has not decided; verified: the operator verified the organisation as it is now;
 * outdated: verified once, but the name, register or country changed since (a certificate names
 * none of it until it is verified again); refused and revoked: the operator said no, or took a
 * verification back (`reason` says why).
 */
export const ZVerificationStatus = z.enum([
  'unverified',
  'pending',
  'verified',
  'outdated',
  'refused',
  'revoked',
]);
export type VerificationStatus = z.infer<typeof ZVerificationStatus>;

export const ZBusinessVerification = z.object({
  status: ZVerificationStatus,
  /** the business's organisation as it is now: what a verification would cover */
  organisation: ZOrganisation,
  /** what the operator verified, while that verification stands (verified) or after a change (outdated) */
  verified: ZOrganisation.extend({ verifiedAt: z.string() }).nullable(),
  requestedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** why the operator refused or revoked (shown to the business's admins) */
  reason: z.string().nullable(),
});
export type BusinessVerification = z.infer<typeof ZBusinessVerification>;

export const ZVerificationLogEntry = z.object({
  action: z.enum(['requested', 'verified', 'refused', 'revoked']),
  /** `cli` or `api` for the operator, `user:<id>` for the business's admin who asked */
  actor: z.string(),
  name: z.string(),
  commercialRegister: z.string(),
  country: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});

/** A business as the operator sees it: its organisation, the verification, and who asked. */
export const ZOperatorBusiness = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** the e-mail of the admin who asked for the verification, if one did */
  requestedBy: z.string().nullable(),
  verification: ZBusinessVerification,
});
export type OperatorBusiness = z.infer<typeof ZOperatorBusiness>;

export const ZOperatorBusinessDetail = ZOperatorBusiness.extend({ log: z.array(ZVerificationLogEntry) });
export type OperatorBusinessDetail = z.infer<typeof ZOperatorBusinessDetail>;

const ZReason = z.string().trim().min(1).max(500);

export const getBusinessVerification = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}/verification',
  summary: 'Whether the operator has verified the business’s name, commercial register and country',
  description:
    'Admins only. Seals are made and applied, and AES for business vouches, only while the status is `verified`: a certificate names the organisation only as the operator of this installation verified it.',
  tags: ['Business'],
  auth: 'session',
  params: ZBusinessParams,
  response: ZBusinessVerification,
  problems: ['business.not_found', 'business.forbidden'],
});

export const requestBusinessVerification = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/verification',
  summary: 'Ask the operator to verify the business’s name, commercial register and country',
  description:
    'Admins only. `commercial_register`, when given, becomes the business’s register number (the one AES for business shows). The business’s name, that register and its country are then waiting for the operator (`pending`); asking again while pending or verified changes nothing. A business without a register number is refused with 422 `business.verification_incomplete`.',
  tags: ['Business'],
  auth: 'session',
  params: ZBusinessParams,
  body: z.strictObject({ commercialRegister: z.string().trim().min(1).max(200).optional() }),
  response: ZBusinessVerification,
  problems: ['business.not_found', 'business.forbidden', 'business.verification_incomplete'],
});

const operatorTags = ['Operator'];
const operatorProblems = ['business.not_found'] as const;

export const listOperatorBusinesses = defineEndpoint({
  method: 'GET',
  path: '/v1/operator/businesses',
  summary: 'Businesses by the state of their verification (default: those waiting), oldest request first',
  description:
    'The operator of the installation only (Bearer `OPERATOR_API_TOKEN`; without that setting the operator API answers 404). `status=verified` also lists businesses whose verification is outdated.',
  tags: operatorTags,
  auth: 'operator',
  query: z.object({
    status: z.enum(['pending', 'verified', 'refused', 'revoked']).default('pending'),
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(50),
  }),
  response: z.object({
    items: z.array(ZOperatorBusiness),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  }),
});

export const getOperatorBusiness = defineEndpoint({
  method: 'GET',
  path: '/v1/operator/businesses/{id}',
  summary: 'One business’s organisation, its verification and every step of it',
  description: 'The operator of the installation only (Bearer `OPERATOR_API_TOKEN`).',
  tags: operatorTags,
  auth: 'operator',
  params: ZBusinessParams,
  response: ZOperatorBusinessDetail,
  problems: operatorProblems,
});

export const verifyBusiness = defineEndpoint({
  method: 'POST',
  path: '/v1/operator/businesses/{id}/verify',
  summary: 'Record that the operator verified the business’s name, commercial register and country',
  description:
    'The operator of the installation only. The body says what the operator checked (in the commercial register); it must be the business’s organisation as it is now, or nothing is recorded (409 `business.verification_mismatch`), so a change made meanwhile is never verified unseen. Whether or not the business asked, it is verified from now on, until its name, register or country change or the operator revokes it. `note` goes into the log.',
  tags: operatorTags,
  auth: 'operator',
  params: ZBusinessParams,
  body: z.strictObject({
    name: z.string().trim().min(1).max(200),
    commercialRegister: z.string().trim().min(1).max(200),
    country: z.string().regex(/^[A-Z]{2}$/),
    note: z.string().trim().max(500).optional(),
  }),
  response: ZOperatorBusinessDetail,
  problems: [...operatorProblems, 'business.verification_mismatch', 'business.verification_incomplete'],
});

export const refuseBusinessVerification = defineEndpoint({
  method: 'POST',
  path: '/v1/operator/businesses/{id}/refuse',
  summary: 'Turn down a business’s request for verification, saying why',
  description:
    'The operator of the installation only. Only a pending request can be refused (409 `business.verification_not_pending`); the reason is shown to the business’s admins.',
  tags: operatorTags,
  auth: 'operator',
  params: ZBusinessParams,
  body: z.strictObject({ reason: ZReason }),
  response: ZOperatorBusinessDetail,
  problems: [...operatorProblems, 'business.verification_not_pending'],
});

export const revokeBusinessVerification = defineEndpoint({
  method: 'POST',
  path: '/v1/operator/businesses/{id}/revoke',
  summary: 'Take back a business’s verification, saying why',
  description:
    'The operator of the installation only. From now on the business makes and applies no seal and vouches for nobody under AES for business until it is verified again (409 `business.verification_not_verified` when it is not verified). Certificates issued before stay as they are.',
  tags: operatorTags,
  auth: 'operator',
  params: ZBusinessParams,
  body: z.strictObject({ reason: ZReason }),
  response: ZOperatorBusinessDetail,
  problems: [...operatorProblems, 'business.verification_not_verified'],
});

export const businessVerificationEndpoints = {
  getBusinessVerification,
  requestBusinessVerification,
};

export const operatorEndpoints = {
  listOperatorBusinesses,
  getOperatorBusiness,
  verifyBusiness,
  refuseBusinessVerification,
  revokeBusinessVerification,
};
