// Seals of a business (spec sections 3 and 7, "Seals"): electronic seals of the organisation, not
// of a person. A seal is an account of the business named by its account name (`name`), with a
// label, its own key and a certificate naming the business, a visual (PNG) shown where it is
// applied, and who may apply it: the people and API users an admin assigned to it (ADR 061; both
// through `members`: a person by account id, an API user by its user name). Nobody is assigned
// by default: a new seal has no one on it, and a new API user is on no seal, until an admin
// assigns them. A seal is applied with POST /v3/sign and `seal_account_name`.
import { z } from 'zod';
import { ZFile, defineEndpoint } from './endpoint.js';

const tags = ['Seals'];
const ZId = z.string().min(1).max(64);

/** An account name: lower-case letters, digits, dot, dash and underscore, 3 to 40 long. */
export const ZSealName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,39}$/, 'Lower-case letters, digits, ".", "-" and "_", 3 to 40 long');

/** advanced: certified by our Seal CA; qualified: a credential of the remote-signing provider */
export const ZSealQuality = z.enum(['aes', 'qes']);
export type SealQuality = z.infer<typeof ZSealQuality>;

const ZSealParams = z.object({ id: ZId, seal: ZSealName });

/** The seal's certificate, as a person checking a sealed document would read it. */
export const ZSealCertificate = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
});

/** Spec 3, Seal: `name` (account name), `label`, `n_api` (API users that may apply it), `n_members`. */
export const ZSeal = z.object({
  name: z.string(),
  label: z.string(),
  quality: ZSealQuality,
  nApi: z.number().int(),
  nMembers: z.number().int(),
  hasImage: z.boolean(),
  createdAt: z.string(),
});
export type Seal = z.infer<typeof ZSeal>;

export const ZSealMember = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SealMember = z.infer<typeof ZSealMember>;

/** An API user of the business assigned to a seal, as the business's API users list names it. */
export const ZSealApiUser = z.object({
  username: z.string(),
  description: z.string(),
});
export type SealApiUser = z.infer<typeof ZSealApiUser>;

/**
 * One seal with who may apply it and its certificate: the people assigned to it (`members`) and
 * the API users assigned to it (`apiUsers`), each in the order they were assigned. Nobody else
 * may apply it: an API user created after the seal is not on it until an admin assigns it.
 */
export const ZSealDetail = ZSeal.extend({
  members: z.array(ZSealMember).describe('The people of the business assigned to the seal'),
  apiUsers: z
    .array(ZSealApiUser)
    .describe(
      'The API users of the business assigned to the seal; an API user is on no seal when it is created, until an admin assigns it (POST .../members with its user name)',
    ),
  certificate: ZSealCertificate,
});
export type SealDetail = z.infer<typeof ZSealDetail>;

const ZMembers = z.strictObject({ members: z.array(ZId).min(1).max(100) });

export const listSeals = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}/seals',
  summary: "The business's seals, by account name",
  description:
    'Admins get every seal of the business; a member gets the seals they are listed on, the ones they may apply when signing (POST /v3/sign with `seal_account_name`).',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  response: z.object({ seals: z.array(ZSeal) }),
  problems: ['business.not_found', 'business.forbidden'],
});

export const createSeal = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/seals',
  summary: 'Create a seal: its key and a certificate naming the business are made at once',
  description:
    'Admins only. An advanced seal (`aes`) is certified by the Seal CA of this server; its certificate names the business as organisation (O, with its commercial register as organizationIdentifier and its country as C) and the label as common name (CN). The business must be verified by the operator of this installation as it is now (`GET /v1/businesses/{id}/verification`), else 409 `seal.organisation_unverified`; the same holds when a seal is applied. Qualified seals (`qes`) need a credential from the remote-signing provider and are refused with 422 `seal.quality_not_available` where none is configured.',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  body: z.strictObject({
    name: ZSealName,
    label: z.string().trim().min(1).max(64),
    quality: ZSealQuality.default('aes'),
  }),
  response: ZSealDetail,
  successStatus: 201,
  problems: [
    'business.not_found',
    'business.forbidden',
    'seal.name_taken',
    'seal.quality_not_available',
    'seal.organisation_unverified',
  ],
});

export const getSeal = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}/seals/{seal}',
  summary: 'One seal, with the people and API users who may apply it and its certificate',
  tags,
  auth: 'session',
  params: ZSealParams,
  response: ZSealDetail,
  problems: ['business.not_found', 'business.forbidden', 'seal.not_found'],
});

export const updateSeal = defineEndpoint({
  method: 'PUT',
  path: '/v1/businesses/{id}/seals/{seal}',
  summary: "Change the seal's label (what its visual shows; the certificate keeps its name)",
  tags,
  auth: 'session',
  params: ZSealParams,
  body: z.strictObject({ label: z.string().trim().min(1).max(64) }),
  response: ZSealDetail,
  problems: ['business.not_found', 'business.forbidden', 'seal.not_found'],
});

export const getSealImage = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}/seals/{seal}/image',
  summary: "The seal's visual as PNG",
  tags,
  auth: 'session',
  params: ZSealParams,
  response: ZFile,
  file: { mediaTypes: ['image/png'], description: "The seal's image, re-encoded as PNG" },
  problems: ['business.not_found', 'business.forbidden', 'seal.not_found', 'seal.image_not_found'],
});

export const uploadSealImage = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/seals/{seal}/image',
  summary:
    "Set the seal's visual: multipart/form-data with the image as `image` (PNG, JPEG or WebP); it is re-encoded as PNG and scaled to fit 600 x 280",
  tags,
  auth: 'session',
  params: ZSealParams,
  upload: { image: { kind: 'file', description: 'PNG, JPEG or WebP', required: true } },
  response: ZSealDetail,
  problems: ['business.not_found', 'business.forbidden', 'seal.not_found', 'seal.image_invalid'],
});

export const deleteSealImage = defineEndpoint({
  method: 'DELETE',
  path: '/v1/businesses/{id}/seals/{seal}/image',
  summary: "Remove the seal's visual (the seal then shows its label and the business's name)",
  tags,
  auth: 'session',
  params: ZSealParams,
  response: ZSealDetail,
  problems: ['business.not_found', 'business.forbidden', 'seal.not_found'],
});

export const addSealMembers = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/seals/{seal}/members',
  summary:
    'Let people or API users of the business apply the seal (account ids, or API user names; listed ones are kept)',
  description:
    'Seals are applied by assignment: a person (by account id) or an API user (by its user name, `api_…`) of the business may apply the seal once listed here, and nobody else. A new API user is on no seal until it is assigned here. Someone not of the business is refused with 404 `business.member_not_found`, and nothing is added.',
  tags,
  auth: 'session',
  params: ZSealParams,
  body: ZMembers,
  response: ZSealDetail,
  problems: ['business.not_found', 'business.forbidden', 'seal.not_found', 'business.member_not_found'],
});

export const removeSealMembers = defineEndpoint({
  method: 'DELETE',
  path: '/v1/businesses/{id}/seals/{seal}/members',
  summary: 'Stop people or API users of the business from applying the seal',
  description:
    'Account ids or API user names in the body. Ones of the business that are not on the seal are ignored; naming anyone not of the business answers 404 `business.member_not_found` and changes nothing.',
  tags,
  auth: 'session',
  params: ZSealParams,
  body: ZMembers,
  response: ZSealDetail,
  problems: ['business.not_found', 'business.forbidden', 'seal.not_found', 'business.member_not_found'],
});

export const sealEndpoints = {
  listSeals,
  createSeal,
  getSeal,
  updateSeal,
  getSealImage,
  uploadSealImage,
  deleteSealImage,
  addSealMembers,
  removeSealMembers,
};
