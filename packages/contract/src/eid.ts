// The national eIDs through OpenID Connect (ADR 083): an eID+ sign-up (/signup/flows/eidplus/new
// starts it, the provider answers to /signup/flows/eidplus/confirm), and connecting ID Austria to
// an account or to a link's signature (the provider answers to the id-austria-success pages).
// Each start answers the provider's address; each callback takes the query string the provider
// sent the browser back with, as single sign-on does.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import type { ErrorCode } from './errors.js';
import { ZSignedIn } from './sso.js';
import { ZLanguage, ZUser } from './user.js';

const tags = ['National eID'];
const ZStarted = z.object({ url: z.string() });
const ZCallback = z.strictObject({ query: z.string().min(1).max(8000) });
const ZToken = z.object({ token: z.string().min(20).max(200) });

/** What can go wrong between the browser, the provider and the relying party's checks. */
const ANSWER_PROBLEMS: readonly ErrorCode[] = [
  'sso.flow_invalid',
  'sso.token_invalid',
  'sso.provider_refused',
  'sso.provider_unavailable',
  'sso.not_configured',
  'eid.claims_missing',
];

export const startEidPlusSignUp = defineEndpoint({
  method: 'POST',
  path: '/v1/signup/eidplus',
  summary: 'Start a sign-up with eID+: the address of the eID+ provider to send the browser to',
  description:
    'The provider sends the browser back to /signup/flows/eidplus/confirm, which passes the query string to `POST /v1/signup/eidplus/callback`.',
  tags,
  auth: 'none',
  body: z.strictObject({}),
  response: ZStarted,
  problems: ['sso.not_configured', 'sso.provider_unavailable'],
});

export const completeEidPlusSignUp = defineEndpoint({
  method: 'POST',
  path: '/v1/signup/eidplus/callback',
  summary: 'Finish an eID+ sign-up: a new account whose name and birth date come from the eID',
  description:
    'The eID must vouch for a verified e-mail address, a first and last name and a birth date. A new address gets an account with those fields listed in `attributes.immutable_eid_fields` and signed in; an eID signed up before signs its account in; an address that has an account already is refused (`eid.address_taken`): its owner signs in and connects an eID there.',
  tags,
  auth: 'none',
  /** `lang`: the language the new account starts with (the page's) */
  body: ZCallback.extend({ lang: ZLanguage.optional() }),
  response: ZSignedIn,
  problems: [...ANSWER_PROBLEMS, 'sso.email_not_verified', 'eid.address_taken'],
});

export const startIdAustria = defineEndpoint({
  method: 'POST',
  path: '/v1/user/identification/id-austria',
  summary: "Connect ID Austria to the signed-in person's account: the provider's address",
  description:
    'The provider sends the browser back to /profile/signature-standards/id-austria-success, which passes the query string to `POST /v1/user/identification/id-austria/callback`.',
  tags,
  auth: 'session',
  body: z.strictObject({}),
  response: ZStarted,
  problems: ['sso.not_configured', 'sso.provider_unavailable'],
});

export const completeIdAustria = defineEndpoint({
  method: 'POST',
  path: '/v1/user/identification/id-austria/callback',
  summary: 'Finish connecting ID Austria: the account is identified for advanced signatures under eIDAS',
  description:
    "The account takes the eID's name and birth date, listed in `attributes.immutable_eid_fields`, and holds `aes_minimal.eidas`. Only the person who started the connection can finish it.",
  tags,
  auth: 'session',
  body: ZCallback,
  response: ZUser,
  problems: [...ANSWER_PROBLEMS, 'eid.identity_taken'],
});

/** Disconnecting a national eID from the profile (ADR 106), one call per eID. */
const disconnectEid = (path: string, name: string) =>
  defineEndpoint({
    method: 'DELETE',
    path,
    summary: `Disconnect ${name} from the signed-in person's account`,
    description: `The account's link to its ${name} identity is removed, the qualities its identification granted (\`aes_minimal.eidas\`) are withdrawn, and the name and birth date are no longer locked once no eID is connected. The identification stays on record, marked disconnected, since the advanced signatures made on it remain attributable to it. Refused with \`eid.last_way_in\` when the eID is the account's only way to sign in (no password, no single sign-on).`,
    tags,
    auth: 'session',
    response: ZUser,
    problems: ['eid.not_connected', 'eid.last_way_in'],
  });

export const disconnectIdAustria = disconnectEid('/v1/user/identification/id-austria', 'ID Austria');
export const disconnectEidPlus = disconnectEid('/v1/user/identification/eidplus', 'eID+');

export const directStartIdAustria = defineEndpoint({
  method: 'POST',
  path: '/v1/direct/user/identification/id-austria',
  summary: "Identify with ID Austria for the link's signature: the provider's address",
  description:
    'The provider sends the browser back to /direct-sign/identification/id-austria-success, which passes the query string to `POST /v1/direct/user/identification/id-austria/callback`.',
  tags,
  auth: 'direct',
  query: ZToken,
  body: z.strictObject({}),
  response: ZStarted,
  problems: ['sso.not_configured', 'sso.provider_unavailable'],
});

export const directCompleteIdAustria = defineEndpoint({
  method: 'POST',
  path: '/v1/direct/user/identification/id-austria/callback',
  summary: "Finish identifying with ID Austria: the link's signature may be advanced under eIDAS",
  tags,
  auth: 'direct',
  query: ZToken,
  body: ZCallback,
  response: z.object({
    identified: z.literal(true),
    legislation: z.literal('eidas'),
    quality: z.literal('aes'),
  }),
  problems: ANSWER_PROBLEMS,
});

export const eidEndpoints = {
  startEidPlusSignUp,
  completeEidPlusSignUp,
  startIdAustria,
  completeIdAustria,
  disconnectIdAustria,
  disconnectEidPlus,
  directStartIdAustria,
  directCompleteIdAustria,
};
