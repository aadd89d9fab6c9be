// API users of a business (spec section 7, Business): machine access that acts for the business.
// An API user calls with HTTP Basic (`username:secret`). The secret is made by the server, shown
// once (on creation and on reset) and stored only as a hash; `description` says what it is for.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

const tags = ['API users'];
const ZId = z.string().min(1).max(64);
/** usernames are made by the server: `api_` and 20 lower-case hex digits */
export const ZApiUsername = z.string().regex(/^api_[0-9a-f]{20}$/, 'Not an API user name');
const ZApiUserParams = z.object({ id: ZId, username: ZApiUsername });
const ZDescription = z.string().trim().max(200);

/** Spec 3, Api user: `username`, `description`. */
export const ZApiUser = z.object({
  username: z.string(),
  description: z.string(),
  createdAt: z.string(),
  /** when the secret was last set (creation or reset) */
  secretSetAt: z.string(),
  /**
   * The address that stands for this API user among a request's signers: list it as a signer of
   * a request the API user sends, and it applies a seal there (POST /v3/sign, `seal_account_name`).
   */
  signerEmail: z.string(),
});
export type ApiUser = z.infer<typeof ZApiUser>;

/** An API user with its secret: answered once, when the secret is made. */
export const ZApiUserWithSecret = z.object({
  apiUser: ZApiUser,
  /** send as HTTP Basic `username:secret`; it cannot be read again, only reset */
  secret: z.string(),
});

export const listApiUsers = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}/apis',
  summary: "The business's API users, oldest first (secrets are never shown again)",
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  response: z.object({ apiUsers: z.array(ZApiUser) }),
  problems: ['business.not_found', 'business.forbidden'],
});

export const createApiUser = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/apis',
  summary: 'Create an API user; its secret is in this answer only',
  description:
    'A new API user may apply no seal: seals are applied by assignment, so an admin assigns it the seals it is to apply (POST /v1/businesses/{id}/seals/{seal}/members with its user name); GET /v1/businesses/{id}/seals/{seal} lists them in `api_users`.',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  body: z.strictObject({ description: ZDescription.default('') }),
  response: ZApiUserWithSecret,
  successStatus: 201,
  problems: ['business.not_found', 'business.forbidden', 'api_user.limit_reached'],
});

export const updateApiUser = defineEndpoint({
  method: 'PUT',
  path: '/v1/businesses/{id}/apis/{username}',
  summary: "Change an API user's description",
  tags,
  auth: 'session',
  params: ZApiUserParams,
  body: z.strictObject({ description: ZDescription }),
  response: ZApiUser,
  problems: ['business.not_found', 'business.forbidden', 'api_user.not_found'],
});

export const deleteApiUser = defineEndpoint({
  method: 'DELETE',
  path: '/v1/businesses/{id}/apis/{username}',
  summary: 'Delete an API user: its secret stops working at once; the requests it sent stay',
  tags,
  auth: 'session',
  params: ZApiUserParams,
  response: z.object({ ok: z.literal(true) }),
  problems: ['business.not_found', 'business.forbidden', 'api_user.not_found'],
});

export const resetApiUserSecret = defineEndpoint({
  method: 'PUT',
  path: '/v1/businesses/{id}/apis/{username}/reset',
  summary: 'Give an API user a new secret (shown in this answer only); the old one stops working',
  tags,
  auth: 'session',
  params: ZApiUserParams,
  response: ZApiUserWithSecret,
  problems: ['business.not_found', 'business.forbidden', 'api_user.not_found'],
});

export const apiUserEndpoints = {
  listApiUsers,
  createApiUser,
  updateApiUser,
  deleteApiUser,
  resetApiUserSecret,
};
