// The verification service (ADR 086): a signer confirms their own pending signature with a secret
// mailed to their invited address, addressed by the signature's id (`signatures[].id` of the
// request). The secret is the same TAN the link signer's /v1/direct/tan/* calls send and check.
// A signed-in signer calls with their session, a link holder with their link's `token`; anyone
// else, another business's people included, is answered 404. API users get 403 api_user.forbidden
// for every id alike, which tells them nothing of which signatures exist (ADR 086).
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

const tags = ['Signing'];
const ZVerificationParams = z.object({ id: z.string().min(1).max(64) });
const ZOptionalToken = z.object({ token: z.string().min(20).max(200).optional() });

export const verificationResend = defineEndpoint({
  method: 'POST',
  path: '/api/resend/{id}',
  summary: 'Mail the signer a new secret for their pending signature (the one before stops working)',
  description:
    'The secret is 6 digits, valid 10 minutes; 5 are sent per hour, then 429 direct_tan.resend_limit. A cancelled verification starts again.',
  tags,
  auth: 'optional',
  params: ZVerificationParams,
  query: ZOptionalToken,
  response: z.object({ channel: z.enum(['mail']), sentTo: z.string(), expiresAt: z.string() }),
  problems: [
    'signature_request.not_found',
    'signature_request.invalid_transition',
    'direct_tan.resend_limit',
  ],
});

export const verificationRespond = defineEndpoint({
  method: 'POST',
  path: '/api/respond/{id}',
  summary: 'Answer with the secret: right, the signer may sign for ten minutes',
  description:
    'Wrong: 403 signing.tan_invalid; older than 10 minutes: 410 signing.tan_expired; after 5 wrong tries: 423 signing.tan_locked; none sent or already used (a replay): 409 direct_tan.missing; cancelled: 409 verification.cancelled.',
  tags,
  auth: 'optional',
  params: ZVerificationParams,
  query: ZOptionalToken,
  body: z.strictObject({ secret: z.string().trim().min(1).max(16) }),
  response: z.object({ verified: z.literal(true), verifiedAt: z.string(), verifiedUntil: z.string() }),
  problems: [
    'signature_request.not_found',
    'signature_request.invalid_transition',
    'signing.tan_invalid',
    'signing.tan_expired',
    'signing.tan_locked',
    'direct_tan.missing',
    'verification.cancelled',
  ],
});

export const verificationCancel = defineEndpoint({
  method: 'POST',
  path: '/api/cancel/{id}',
  summary: 'End the verification: the waiting secret stops working and a passed one stops counting',
  tags,
  auth: 'optional',
  params: ZVerificationParams,
  query: ZOptionalToken,
  response: z.object({ cancelled: z.literal(true) }),
  problems: ['signature_request.not_found', 'signature_request.invalid_transition'],
});

export const verificationServiceEndpoints = { verificationResend, verificationRespond, verificationCancel };
