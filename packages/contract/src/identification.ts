// Identification (spec 3 "Identification state per method", spec 7 "Identification"): start,
// read and cancel an identification with a provider and method (as an account holder, or as a
// link holder for the one signature of their link), the detail of a person's signature
// qualities with their identifications, and what one signature needs (ident-method).
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZLegislation, ZQuality, ZSignatureQualities } from './user.js';

const tags = ['Identification'];

/** srs and intrum run video or automated checks; wallet takes a digital identity wallet's PID (ADR 085) */
export const ZIdentificationProvider = z.enum(['srs', 'intrum', 'wallet']);
export const ZIdentificationMethod = z.enum(['video', 'robo', 'autoident', 'pid']);
/** An identification as listed also names the national eIDs connected through OpenID (ADR 083). */
const ZListedProvider = z.enum(['srs', 'intrum', 'wallet', 'eidplus', 'idaustria']);
const ZListedMethod = z.enum(['video', 'robo', 'autoident', 'pid', 'eid']);
export const ZIdentificationStatus = z.enum(['initialized', 'inprogress', 'success', 'failure', 'cancelled']);

export const ZIdentification = z.object({
  id: z.string(),
  provider: ZListedProvider,
  method: ZListedMethod,
  legislation: ZLegislation,
  status: ZIdentificationStatus,
  /** spec 3: the appointment status as shown (initialized, inprogress, activatingQES, failure) */
  progress: z.enum(['initialized', 'inprogress', 'activatingQES', 'failure']).nullable(),
  /** where the person completes the identification, while it is open */
  url: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** when a national eID's identification was disconnected from the account (ADR 106) */
  disconnectedAt: z.string().nullable().optional(),
});
export type Identification = z.infer<typeof ZIdentification>;

const ZMethodParams = z.object({ provider: ZIdentificationProvider, method: ZIdentificationMethod });

export const startIdentification = defineEndpoint({
  method: 'POST',
  path: '/v1/user/identification/{provider}/{method}',
  summary:
    'Start an identification (srs video/robo for eIDAS, intrum video/autoident for ZertES, wallet pid for the advanced level); open `url` next',
  tags,
  auth: 'session',
  params: ZMethodParams,
  body: z.strictObject({ signatureRequestId: z.string().min(1).max(64).optional() }),
  response: ZIdentification,
  successStatus: 201,
  // a request the person may not see, named as the one the identification is for
  problems: ['signature_request.not_found'],
});

export const getIdentification = defineEndpoint({
  method: 'GET',
  path: '/v1/user/identification/{provider}/{method}',
  summary: 'The newest identification with this method and its status',
  tags,
  auth: 'session',
  params: ZMethodParams,
  response: ZIdentification,
});

export const cancelIdentification = defineEndpoint({
  method: 'DELETE',
  path: '/v1/user/identification/{provider}/{method}',
  summary: 'Cancel the open identification with this method',
  tags,
  auth: 'session',
  params: ZMethodParams,
  response: ZIdentification,
});

export const ZSignatureQualitiesDetail = z.object({
  signatureQualities: ZSignatureQualities,
  highestQuality: z.enum(['none', 'ses', 'aes', 'qes', 'demo']),
  identificationOngoing: z.boolean(),
  identifications: z.array(ZIdentification),
});

export const signatureQualitiesDetail = defineEndpoint({
  method: 'GET',
  path: '/v3/user/signature-qualities-detail',
  summary: 'The qualities the caller may sign with, the highest one (spec 4), and their identifications',
  tags,
  auth: 'session',
  response: ZSignatureQualitiesDetail,
});

export const directSignatureQualitiesDetail = defineEndpoint({
  method: 'GET',
  path: '/v3/direct/user/signature-qualities-detail',
  summary:
    "The link holder's qualities: simple only, unless the link's address belongs to an account, whose qualities count",
  tags,
  auth: 'direct',
  query: z.object({ token: z.string().min(20).max(200) }),
  response: ZSignatureQualitiesDetail,
});

const ZToken = z.object({ token: z.string().min(20).max(200) });

export const directStartIdentification = defineEndpoint({
  method: 'POST',
  path: '/v1/direct/user/identification/{provider}/{method}',
  summary:
    "Start an identification for the link's signature (while it is pending); it serves that signature only. Open `url` next",
  tags,
  auth: 'direct',
  params: ZMethodParams,
  query: ZToken,
  body: z.strictObject({ signatureRequestId: z.string().min(1).max(64).optional() }),
  response: ZIdentification,
  successStatus: 201,
});

export const directGetIdentification = defineEndpoint({
  method: 'GET',
  path: '/v1/direct/user/identification/{provider}/{method}',
  summary: "The newest identification of the link's signature with this method",
  tags,
  auth: 'direct',
  params: ZMethodParams,
  query: ZToken,
  response: ZIdentification,
});

export const directCancelIdentification = defineEndpoint({
  method: 'DELETE',
  path: '/v1/direct/user/identification/{provider}/{method}',
  summary: "Cancel the open identification of the link's signature with this method",
  tags,
  auth: 'direct',
  params: ZMethodParams,
  query: ZToken,
  response: ZIdentification,
});

/** What one signature needs: whether its signer holds the request's level, and how to get it. */
export const ZIdentMethod = z.object({
  signatureId: z.string(),
  quality: ZQuality,
  legislation: ZLegislation,
  /** the signer (their account, or identifications made through their link) may sign at this level */
  isSatisfied: z.boolean(),
  /** the methods whose success would allow it; empty when satisfied */
  methods: z.array(z.object({ provider: ZIdentificationProvider, method: ZIdentificationMethod })),
  /** the signer's newest identification with one of those methods; shown to the signer only */
  identification: ZIdentification.nullable(),
});
export type IdentMethod = z.infer<typeof ZIdentMethod>;

export const getIdentMethod = defineEndpoint({
  method: 'GET',
  path: '/v3/signature-requests/{id}/signatures/{sigId}/ident-method',
  summary:
    "What identification a signature needs and whether its signer has it (a session, or the signer's link `token`)",
  tags,
  auth: 'optional',
  params: z.object({ id: z.string().min(1).max(64), sigId: z.string().min(1).max(64) }),
  query: z.object({ token: z.string().min(20).max(200).optional() }),
  response: ZIdentMethod,
});

/**
 * Who pays the identification a signature of request `{id}` needs: the business of the request's
 * owner, when its plan's licence (spec 3 `pricePlan.licenses.idents`) covers its own people or the
 * signers it invites; else the signer; `none` when the request's level needs no identification.
 */
export const ZIdentificationPayment = z.object({
  signatureRequestId: z.string(),
  quality: ZQuality,
  legislation: ZLegislation,
  paidBy: z.enum(['business', 'signer', 'none']),
});
export type IdentificationPayment = z.infer<typeof ZIdentificationPayment>;

export const getIdentificationPayment = defineEndpoint({
  method: 'GET',
  path: '/v1/user/identification/payment/{id}',
  summary: "Who pays the identification the caller's signature of request {id} needs",
  tags,
  auth: 'session',
  params: z.object({ id: z.string().min(1).max(64) }),
  response: ZIdentificationPayment,
});

export const directGetIdentificationPayment = defineEndpoint({
  method: 'GET',
  path: '/v1/direct/user/identification/payment/{id}',
  summary: "Who pays the identification the link's signature of request {id} needs",
  tags,
  auth: 'direct',
  params: z.object({ id: z.string().min(1).max(64) }),
  query: ZToken,
  response: ZIdentificationPayment,
});

export const identificationWebhook = defineEndpoint({
  method: 'POST',
  path: '/v1/identification/webhooks/{provider}',
  summary: "An identification provider's report on an identification it ran (signed by the provider)",
  description:
    "Called by the provider, not by clients: the body is the provider's own signed report, checked with the provider's key before anything is applied. A report applied before answers `applied: false`.",
  tags,
  auth: 'none',
  params: z.object({ provider: ZIdentificationProvider }),
  body: z.record(z.string(), z.unknown()),
  response: z.object({ applied: z.boolean() }),
  problems: ['identification.callback_invalid', 'identification.provider_unavailable'],
});

/**
 * OpenID4VP's direct_post answer of a digital identity wallet (ADR 085): the presentation of the
 * personal identity the request at `url` asked for. Wallets post it as a form; JSON is taken too.
 */
export const walletResponse = defineEndpoint({
  method: 'POST',
  path: '/v1/identification/wallet/response',
  summary: "A digital identity wallet's answer to a presentation request (OpenID4VP direct_post)",
  description:
    'Called by the wallet, not by clients, as `application/x-www-form-urlencoded` (or JSON): `state` names the request, `vp_token` holds the SD-JWT VC presentation of the person identification data with its key-binding JWT (a string, or an object whose `pid` entry is one or a list of them). The issuer must be on the trust list, the signatures, nonce, audience and validity must hold, and only the requested claims are read. A refused presentation changes nothing; the request stays open until it expires. `redirect_uri` is where the wallet sends the person next.',
  tags,
  auth: 'none',
  body: z.object({
    state: z.string().min(16).max(200),
    vpToken: z.union([z.string().min(1).max(100_000), z.record(z.string(), z.unknown())]),
  }),
  response: z.object({ redirectUri: z.string() }),
  problems: [
    'identification.wallet_request_unknown',
    'identification.wallet_request_expired',
    'identification.wallet_presentation_invalid',
    'identification.wallet_signature_invalid',
    'identification.wallet_issuer_untrusted',
    'identification.wallet_issuer_revoked',
    'identification.wallet_credential_expired',
    'identification.wallet_key_binding_missing',
    'identification.wallet_key_binding_invalid',
    'identification.wallet_nonce_mismatch',
    'identification.wallet_audience_mismatch',
    'identification.wallet_claims_missing',
    'identification.provider_unavailable',
  ],
});

export const identificationEndpoints = {
  startIdentification,
  getIdentification,
  cancelIdentification,
  signatureQualitiesDetail,
  directSignatureQualitiesDetail,
  directStartIdentification,
  directGetIdentification,
  directCancelIdentification,
  getIdentMethod,
  getIdentificationPayment,
  directGetIdentificationPayment,
  identificationWebhook,
  walletResponse,
};
