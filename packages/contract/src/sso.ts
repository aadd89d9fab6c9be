// Single sign-on through OpenID Connect (ADR 075): start a sign-in at the identity provider of an
// address's business (spec 7: POST /v1/identity_providers) or of the installation, finish it with
// what the provider sent back to /login, link an existing account after its password, and a
// business admin's set-up of the business's own provider.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZEmail, ZUser } from './user.js';

const tags = ['Single sign-on'];
const ZBusinessId = z.string().min(1).max(64);

export const startSso = defineEndpoint({
  method: 'POST',
  path: '/v1/identity_providers',
  summary:
    "The address of the identity provider to sign in at: the business's of the e-mail, or one of the installation's",
  description:
    "Give `email` to sign in through the identity provider of the business that proved the domain of the address, or `provider` for one of the installation's own providers. The answer is the URL to send the browser to; the provider sends it back to /login with the parameters that `POST /v1/identity_providers/callback` takes.",
  tags,
  auth: 'none',
  body: z
    .strictObject({ email: ZEmail.optional(), provider: z.string().min(1).max(40).optional() })
    .refine((b) => (b.email === undefined) !== (b.provider === undefined), {
      message: 'Give either email or provider',
    }),
  response: z.object({ url: z.string() }),
  problems: ['sso.domain_not_verified', 'sso.not_configured', 'sso.provider_unavailable'],
});

export const listSsoProviders = defineEndpoint({
  method: 'GET',
  path: '/v1/identity_providers',
  summary: "The installation's own identity providers, for the login page's sign-in buttons",
  description:
    "Each provider the operator configured (`OIDC_<NAME>_*`), by its lower-case name: give that name as `provider` to `POST /v1/identity_providers`. Businesses' own providers are not listed; they are found by the work e-mail address.",
  tags,
  auth: 'none',
  response: z.object({ providers: z.array(z.object({ name: z.string() })) }),
});

export const ZSignedIn = z.object({
  status: z.literal('signed_in'),
  token: z.string(),
  expiresAt: z.string(),
  user: ZUser,
});

export const ZSsoOutcome = z.discriminatedUnion('status', [
  ZSignedIn,
  z.object({
    status: z.literal('link_required'),
    /** give it with the account's password to POST /v1/identity_providers/link (15 minutes) */
    linkToken: z.string(),
    email: z.string(),
  }),
]);
export type SsoOutcome = z.infer<typeof ZSsoOutcome>;

export const completeSso = defineEndpoint({
  method: 'POST',
  path: '/v1/identity_providers/callback',
  summary: 'Finish a single sign-on with what the identity provider sent back',
  description:
    'The query string the provider sent the browser to /login with (code, state, iss, or error). A new address gets an account; an identity linked before signs its account in; an address that has a password account asks for that password first (`link_required`).',
  tags,
  auth: 'none',
  body: z.strictObject({ query: z.string().min(1).max(8000) }),
  response: ZSsoOutcome,
  problems: [
    'sso.flow_invalid',
    'sso.token_invalid',
    'sso.provider_refused',
    'sso.provider_unavailable',
    'sso.email_not_verified',
    'sso.domain_not_verified',
    'sso.member_of_another',
    'billing.seats_exhausted',
    'billing.business_locked',
  ],
});

export const linkSso = defineEndpoint({
  method: 'POST',
  path: '/v1/identity_providers/link',
  summary: "Link a provider's identity to the existing account of its address, with that account's password",
  tags,
  auth: 'none',
  body: z.strictObject({ linkToken: z.string().min(20).max(200), password: z.string().min(1).max(200) }),
  response: ZSignedIn,
  problems: ['sso.link_invalid', 'auth.wrong_password', 'sso.member_of_another', 'billing.seats_exhausted'],
});

export const ZClaimMapping = z.object({
  email: z.string().min(1).max(100),
  emailVerified: z.string().min(1).max(100),
  firstName: z.string().min(1).max(100),
  lastName: z.string().min(1).max(100),
});

export const ZBusinessIdentityProvider = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /** the secret is kept encrypted and never answered */
  hasClientSecret: z.boolean(),
  scopes: z.array(z.string()),
  claims: ZClaimMapping,
  /** members may sign in only through this provider, not with a password */
  required: z.boolean(),
  /** register this at the provider as the client's redirect URI */
  redirectUri: z.string(),
  updatedAt: z.string(),
});
export type BusinessIdentityProvider = z.infer<typeof ZBusinessIdentityProvider>;

const ZProviderAnswer = z.object({
  identityProvider: ZBusinessIdentityProvider.nullable(),
  /** outside production: the sandbox provider a business may use to try single sign-on */
  sandbox: z.object({ issuer: z.string(), clientId: z.string(), clientSecret: z.string() }).nullable(),
});

export const getBusinessIdentityProvider = defineEndpoint({
  method: 'GET',
  path: '/v1/businesses/{id}/identity_provider',
  summary: "The business's own identity provider (admins)",
  tags,
  auth: 'session',
  params: z.object({ id: ZBusinessId }),
  response: ZProviderAnswer,
});

export const putBusinessIdentityProvider = defineEndpoint({
  method: 'PUT',
  path: '/v1/businesses/{id}/identity_provider',
  summary: "Set the business's identity provider (admins); leave client_secret out to keep the stored one",
  tags,
  auth: 'session',
  params: z.object({ id: ZBusinessId }),
  body: z.strictObject({
    issuer: z.url().max(500),
    clientId: z.string().min(1).max(300),
    clientSecret: z.string().min(1).max(500).optional(),
    scopes: z
      .array(
        z
          .string()
          .regex(/^[\w.:/-]+$/)
          .max(100),
      )
      .max(20)
      .optional(),
    claims: ZClaimMapping.partial().optional(),
    required: z.boolean().default(false),
  }),
  response: ZProviderAnswer,
  problems: ['sso.issuer_invalid', 'request.validation_failed'],
});

export const deleteBusinessIdentityProvider = defineEndpoint({
  method: 'DELETE',
  path: '/v1/businesses/{id}/identity_provider',
  summary: "Remove the business's identity provider (admins); linked identities stay",
  tags,
  auth: 'session',
  params: z.object({ id: ZBusinessId }),
  response: ZProviderAnswer,
});

export const testBusinessIdentityProvider = defineEndpoint({
  method: 'POST',
  path: '/v1/businesses/{id}/identity_provider/test',
  summary: "Check that the business's identity provider answers (discovery) and build a sign-in URL",
  tags,
  auth: 'session',
  params: z.object({ id: ZBusinessId }),
  response: z.object({ ok: z.literal(true), issuer: z.string() }),
  problems: ['sso.not_configured', 'sso.provider_unavailable', 'sso.token_invalid'],
});

export const ssoEndpoints = {
  listSsoProviders,
  startSso,
  completeSso,
  linkSso,
  getBusinessIdentityProvider,
  putBusinessIdentityProvider,
  deleteBusinessIdentityProvider,
  testBusinessIdentityProvider,
};
