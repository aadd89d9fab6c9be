// SCIM 2.0 provisioning of a business's members (RFC 7643, RFC 7644; ADR 084): the business's
// identity provider lists, creates, replaces, deactivates and deletes the business's people at
// /scim/v2/Users with the business's SCIM bearer token, and the business's admins create, rotate
// and revoke that token. The SCIM calls keep SCIM's own attribute names on the wire.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
/** The page size a list answers at most, whatever `count` asks for. */
export const SCIM_MAX_COUNT = 100;

const tags = ['SCIM provisioning'];
const ZBusinessId = z.string().min(1).max(64);
const ZScimId = z.string().min(1).max(64);

const ZScimName = z.object({
  givenName: z.string().max(100).optional(),
  familyName: z.string().max(100).optional(),
  formatted: z.string().max(200).optional(),
});

const ZScimEmail = z.object({
  value: z.string().max(254),
  type: z.string().max(40).optional(),
  primary: z.boolean().optional(),
});

/**
 * A user as the provider sends it (POST and PUT): `userName` is the person's e-mail address, on
 * one of the business's proved domains. Attributes the product does not keep are ignored.
 */
export const ZScimUserInput = z.object({
  schemas: z.array(z.string().max(200)).min(1).max(10),
  userName: z.string().min(3).max(254),
  externalId: z.string().min(1).max(200).optional(),
  name: ZScimName.optional(),
  displayName: z.string().max(200).optional(),
  emails: z.array(ZScimEmail).max(10).optional(),
  active: z.boolean().default(true),
});
export type ScimUserInput = z.infer<typeof ZScimUserInput>;

export const ZScimUser = z.object({
  schemas: z.array(z.string()),
  id: z.string(),
  externalId: z.string().optional(),
  userName: z.string(),
  name: z.object({ givenName: z.string(), familyName: z.string(), formatted: z.string() }),
  displayName: z.string(),
  emails: z.array(z.object({ value: z.string(), type: z.string(), primary: z.boolean() })),
  /** a member of the business; false once the provider deactivated the person */
  active: z.boolean(),
  meta: z.object({
    resourceType: z.literal('User'),
    created: z.string(),
    lastModified: z.string(),
    location: z.string(),
  }),
});
export type ScimUser = z.infer<typeof ZScimUser>;

export const ZScimListResponse = z.object({
  schemas: z.array(z.string()),
  totalResults: z.number().int(),
  startIndex: z.number().int(),
  itemsPerPage: z.number().int(),
  Resources: z.array(ZScimUser),
});

export const ZScimPatchOperation = z.object({
  // providers write the operation in any case ("Replace")
  op: z.string().regex(/^(add|replace|remove)$/i),
  path: z.string().max(200).optional(),
  value: z.unknown().optional(),
});

export const ZScimPatch = z.object({
  schemas: z.array(z.string().max(200)).min(1).max(10),
  Operations: z.array(ZScimPatchOperation).min(1).max(50),
});
export type ScimPatch = z.infer<typeof ZScimPatch>;

const ZListQuery = z.object({
  /** only `userName eq "address"` is understood */
  filter: z.string().max(500).optional(),
  startIndex: z.coerce.number().int().min(1).default(1),
  count: z.coerce.number().int().min(0).default(SCIM_MAX_COUNT),
});

const usersPath = '/scim/v2/Users';
const userPath = '/scim/v2/Users/{id}';
const scimProblems = ['scim.unauthorized', 'scim.invalid_value'] as const;

export const scimListUsers = defineEndpoint({
  method: 'GET',
  path: usersPath,
  summary: "The business's provisioned people and members, one page, optionally filtered by userName",
  description: `SCIM 2.0 (RFC 7644 3.4.2). \`filter\` takes \`userName eq "address"\` only; \`count\` is cut to ${SCIM_MAX_COUNT}.`,
  tags,
  auth: 'scim',
  scim: true,
  query: ZListQuery,
  response: ZScimListResponse,
  problems: [...scimProblems, 'scim.invalid_filter'],
});

export const scimGetUser = defineEndpoint({
  method: 'GET',
  path: userPath,
  summary: 'One person of the business; anyone else is 404',
  tags,
  auth: 'scim',
  scim: true,
  params: z.object({ id: ZScimId }),
  response: ZScimUser,
  problems: [...scimProblems, 'scim.not_found'],
});

export const scimCreateUser = defineEndpoint({
  method: 'POST',
  path: usersPath,
  summary: 'Provision a person: make or find the account of the address and take a seat for it',
  description:
    "The address must be on one of the business's proved domains. An address without an account gets one (confirmed, no password: the person signs in through the business's provider); an account that belongs to no business joins this one. Someone already a member is a 409 `uniqueness`.",
  tags,
  auth: 'scim',
  scim: true,
  successStatus: 201,
  body: ZScimUserInput,
  response: ZScimUser,
  problems: [...scimProblems, 'scim.uniqueness', 'billing.seats_exhausted', 'billing.business_locked'],
});

export const scimReplaceUser = defineEndpoint({
  method: 'PUT',
  path: userPath,
  summary: "Replace a person's name, external id and active state (the userName stays)",
  tags,
  auth: 'scim',
  scim: true,
  params: z.object({ id: ZScimId }),
  body: ZScimUserInput,
  response: ZScimUser,
  problems: [...scimProblems, 'scim.not_found', 'scim.mutability', 'billing.seats_exhausted'],
});

export const scimPatchUser = defineEndpoint({
  method: 'PATCH',
  path: userPath,
  summary: 'Deactivate or reactivate a person (`active`), or change the name or external id',
  description:
    'Paths understood: `active`, `externalId`, `name.givenName`, `name.familyName`, and an operation without a path whose value holds these. Deactivating removes the membership and frees the seat; reactivating takes a seat again.',
  tags,
  auth: 'scim',
  scim: true,
  params: z.object({ id: ZScimId }),
  body: ZScimPatch,
  response: ZScimUser,
  problems: [...scimProblems, 'scim.not_found', 'scim.mutability', 'billing.seats_exhausted'],
});

export const scimDeleteUser = defineEndpoint({
  method: 'DELETE',
  path: userPath,
  summary: 'Deprovision a person: the membership ends and the business forgets the provisioning',
  description: 'The account stays the person’s own, with the requests it sent; 204 with no body.',
  tags,
  auth: 'scim',
  scim: true,
  successStatus: 204,
  params: z.object({ id: ZScimId }),
  response: z.undefined(),
  problems: [...scimProblems, 'scim.not_found'],
});

const ZTokenState = z.object({
  /** null: no token, SCIM calls are refused */
  scimToken: z.object({ createdAt: z.string(), lastUsedAt: z.string().nullable() }).nullable(),
  /** the SCIM base URL to give the identity provider */
  baseUrl: z.string(),
});

export const getScimToken = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}/scim_token',
  summary: 'Whether the business has a SCIM token, when it was made and last used (admins)',
  tags,
  auth: 'session',
  params: z.object({ id: ZBusinessId }),
  response: ZTokenState,
});

export const createScimToken = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/scim_token',
  summary:
    'Create the SCIM token, or rotate it: the token is shown this once, the previous one stops (admins)',
  tags,
  auth: 'session',
  params: z.object({ id: ZBusinessId }),
  response: ZTokenState.extend({ token: z.string() }),
});

export const deleteScimToken = defineEndpoint({
  method: 'DELETE',
  path: '/v1/businesses/{id}/scim_token',
  summary: "Revoke the business's SCIM token (admins)",
  tags,
  auth: 'session',
  params: z.object({ id: ZBusinessId }),
  response: ZTokenState,
});

export const scimEndpoints = {
  scimListUsers,
  scimGetUser,
  scimCreateUser,
  scimReplaceUser,
  scimPatchUser,
  scimDeleteUser,
  getScimToken,
  createScimToken,
  deleteScimToken,
};
