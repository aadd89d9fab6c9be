// Calls for signers who only have a link (spec section 7, "Direct" variants): the signer-bound
// `token` query parameter from the invitation authenticates them, for their own request only.
import { z } from 'zod';
import { ZFile, defineEndpoint } from './endpoint.js';
import {
  ZDelegateBody,
  ZDocumentDetail,
  ZEvent,
  ZSignItem,
  ZSignResult,
  ZSignatureRequest,
  ZSigningConsent,
  ZRequestStatus,
} from './signature-requests.js';
import { ZLanguage } from './user.js';
import { ZVisualSignature } from './visual-signatures.js';

const tags = ['Direct signing'];
const ZToken = z.object({ token: z.string().min(20).max(200) });
const ZIdParams = z.object({ id: z.string().min(1).max(64) });

export const directGetSignatureRequest = defineEndpoint({
  method: 'GET',
  path: '/v3/direct/signature-requests/{id}',
  summary: 'The request, as the link holder may see it',
  tags,
  auth: 'direct',
  params: ZIdParams,
  query: ZToken,
  response: ZSignatureRequest,
});

export const directGetDocument = defineEndpoint({
  method: 'GET',
  path: '/v3/direct/documents/{id}',
  summary: "A document of the link's request: pages, sizes, revision and the signatures it holds",
  tags,
  auth: 'direct',
  params: ZIdParams,
  query: ZToken,
  response: ZDocumentDetail,
});

/**
 * What a signer's link leads to now (ADR 041). `active`: the request is open and the link works as
 * before. `ended`: the request has ended; until `availableUntil` the link shows it read-only and
 * downloads its documents and signature protocol. `over`: that time has passed; the link only
 * says so and whom to ask (the sender). An unknown token answers 404.
 */
export const ZLinkStatus = z.object({
  state: z.enum(['active', 'ended', 'over']),
  signatureRequestId: z.string(),
  signatureId: z.string(),
  title: z.string(),
  requestStatus: ZRequestStatus,
  endedAt: z.string().nullable(),
  availableUntil: z.string().nullable(),
  sender: z.object({ name: z.string(), email: z.string() }),
});
export type LinkStatus = z.infer<typeof ZLinkStatus>;

export const directGetLink = defineEndpoint({
  method: 'GET',
  path: '/v3/direct/link',
  summary:
    "What the link leads to now: the open request, an ended one's downloads (for a time), or who to ask",
  tags,
  auth: 'direct',
  query: ZToken,
  response: ZLinkStatus,
});

export const directGetEvents = defineEndpoint({
  method: 'GET',
  path: '/v3/direct/signature-requests/{id}/events',
  summary: 'The audit log of the request',
  tags,
  auth: 'direct',
  params: ZIdParams,
  query: ZToken,
  response: z.object({ events: z.array(ZEvent), chainValid: z.boolean() }),
});

export const directGetLockStatus = defineEndpoint({
  method: 'GET',
  path: '/v3/direct/signature-requests/{id}/lock-status',
  summary: 'Whether a signature is being written right now',
  tags,
  auth: 'direct',
  params: ZIdParams,
  query: ZToken,
  response: z.object({ locked: z.boolean(), lockedUntil: z.string().nullable() }),
});

export const directDecline = defineEndpoint({
  method: 'POST',
  path: '/v3/direct/signature-requests/{id}/decline',
  summary: 'Decline to sign, with a message for the sender',
  tags,
  auth: 'direct',
  params: ZIdParams,
  query: ZToken,
  body: z.strictObject({ message: z.string().max(2000).default('') }),
  response: ZSignatureRequest,
});

export const directSign = defineEndpoint({
  method: 'POST',
  path: '/v3/direct/sign',
  summary: 'Sign the request the link belongs to',
  description:
    'A request created with `tan_required` (not qualified) is signed only within ten minutes of a right TAN (/v1/direct/tan/check or /api/respond/{id}); before that it answers 403 direct_tan.required.',
  tags,
  auth: 'direct',
  query: ZToken,
  body: z.strictObject({
    signatureRequests: z.array(ZSignItem).min(1).max(1),
    language: ZLanguage.default('en'),
    /** qualified signatures: the TAN sent by SMS after a first call answered signing.tan_required */
    tan: z.string().max(16).optional(),
    /** required: see ZSigningConsent */
    consent: ZSigningConsent.optional(),
  }),
  response: ZSignResult,
});

export const directDelegate = defineEndpoint({
  method: 'POST',
  path: '/v3/direct/signature-requests/{id}/delegate',
  summary: 'Pass the signature this link is for on to someone else',
  tags,
  auth: 'direct',
  params: ZIdParams,
  query: ZToken,
  body: ZDelegateBody,
  response: ZSignatureRequest,
});

/** The link holder as they describe themselves: their name goes into certificate and stamp. */
export const ZDirectUser = z.object({
  signatureId: z.string(),
  signatureRequestId: z.string(),
  email: z.string(),
  /** the name the link holder gave, else as the sender wrote it (split at the last word), else null */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  lang: ZLanguage,
});
export type DirectUser = z.infer<typeof ZDirectUser>;

export const directGetUser = defineEndpoint({
  method: 'GET',
  path: '/v1/direct/user',
  summary: 'Who the link holder is (the e-mail the request was sent to, and their name)',
  tags,
  auth: 'direct',
  query: ZToken,
  response: ZDirectUser,
});

export const directUpdateUser = defineEndpoint({
  method: 'PUT',
  path: '/v1/direct/user',
  summary: 'Set the name and language of the link holder (while their signature is pending)',
  tags,
  auth: 'direct',
  query: ZToken,
  body: z.strictObject({
    firstName: z.string().trim().min(1).max(100).optional(),
    lastName: z.string().trim().min(1).max(100).optional(),
    lang: ZLanguage.optional(),
  }),
  response: ZDirectUser,
});

export const directGetVisualSignature = defineEndpoint({
  method: 'GET',
  path: '/v1/direct/visual-signature',
  summary: 'The visual signature a link holder signs with (their name, or the image they drew or uploaded)',
  tags,
  auth: 'direct',
  query: ZToken,
  response: ZVisualSignature,
});

const ZDirectPreviewQuery = ZToken.extend({
  width: z.coerce.number().int().min(60).max(1200).default(300),
  height: z.coerce.number().int().min(30).max(600).default(140),
});

export const directPreviewVisualSignature = defineEndpoint({
  method: 'GET',
  path: '/v1/direct/preview-visual-signature',
  summary: "Preview the link holder's visual signature (PNG)",
  description:
    'Draws the visual signature the link holder will sign with (their name, or the image they drew or uploaded) at `width` x `height` pixels, as the signed page will show it.',
  tags,
  auth: 'direct',
  query: ZDirectPreviewQuery,
  response: ZFile,
  file: { mediaTypes: ['image/png'], description: 'The signature as it will look (PNG)' },
});

export const directSetSignatureImage = defineEndpoint({
  method: 'POST',
  path: '/v1/direct/images/signature',
  summary: 'Sign with a drawn or uploaded image (multipart/form-data)',
  description:
    "A PNG or JPEG of at most 2 MB as `image`, drawn in place of the typed name in this link's signature only, while it is pending. It is kept for this signature and not for the person.",
  tags,
  auth: 'direct',
  query: ZToken,
  upload: { image: { kind: 'file', description: 'PNG or JPEG, at most 2 MB', required: true } },
  response: ZVisualSignature,
  successStatus: 201,
  problems: ['visual_signature.image_invalid', 'upload.too_large', 'signature_request.invalid_transition'],
});

export const directRemoveSignatureImage = defineEndpoint({
  method: 'DELETE',
  path: '/v1/direct/images/signature',
  summary: 'Sign with the typed name again instead of the image',
  tags,
  auth: 'direct',
  query: ZToken,
  response: ZVisualSignature,
  problems: ['signature_request.invalid_transition'],
});

export const directEndpoints = {
  directGetLink,
  directGetSignatureRequest,
  directGetDocument,
  directGetEvents,
  directGetLockStatus,
  directDecline,
  directSign,
  directDelegate,
  directGetUser,
  directUpdateUser,
  directGetVisualSignature,
  directPreviewVisualSignature,
  directSetSignatureImage,
  directRemoveSignatureImage,
};
