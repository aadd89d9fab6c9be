// TANs for link signers (ADR 078): a six-digit code sent to the signer's address, in the
// business's name and with its subject, and checked; the first steps of a TAN-confirmed link
// signature. The `token` query parameter of the link authenticates both calls.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

const tags = ['Direct signing'];
const ZToken = z.object({ token: z.string().min(20).max(200) });

export const directTanResend = defineEndpoint({
  method: 'POST',
  path: '/v1/direct/tan/resend',
  summary: 'Send the link signer a new TAN by mail (the one before stops working)',
  description:
    'The TAN is 6 digits, valid 10 minutes; 5 wrong tries lock it (423 signing.tan_locked) until a new one is sent; 5 are sent per hour, then 429 direct_tan.resend_limit. `url` is put in the mail only when it is an address of this service; `subject` replaces the default subject; `companyBranding` names the sender’s business in the mail.',
  tags,
  auth: 'direct',
  query: ZToken,
  body: z.strictObject({
    url: z.string().max(2000).optional(),
    subject: z.string().trim().max(200).optional(),
    companyBranding: z.boolean().optional(),
  }),
  response: z.object({ channel: z.enum(['mail']), sentTo: z.string(), expiresAt: z.string() }),
});

export const directTanCheck = defineEndpoint({
  method: 'POST',
  path: '/v1/direct/tan/check',
  summary: 'Check the TAN the link signer was sent: used up when right, counted when wrong',
  description:
    'Right: the link signer may sign until `verified_until` (10 minutes), which a request with `tan_required` demands (otherwise /v3/direct/sign answers 403 direct_tan.required). Wrong: 403 signing.tan_invalid; older than 10 minutes: 410 signing.tan_expired; after 5 wrong tries: 423 signing.tan_locked; none sent or already used: 409 direct_tan.missing.',
  tags,
  auth: 'direct',
  query: ZToken,
  body: z.strictObject({ tan: z.string().trim().min(1).max(16) }),
  response: z.object({ verified: z.literal(true), verifiedAt: z.string(), verifiedUntil: z.string() }),
});

export const directTanEndpoints = { directTanResend, directTanCheck };
