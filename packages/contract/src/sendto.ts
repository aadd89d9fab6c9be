// "Send to" (spec section 7: GET /v3/sendto/{id}/get-internal, POST /v3/sendto/{id}/claim): a
// draft one person prepares and hands to another, who reviews it at /sendto/{id} and sends it
// under their own name. Only the addressee may read or claim a hand-off; claiming is single-use
// and makes the addressee the draft's owner.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZSignatureRequest } from './signature-requests.js';
import { ZEmail } from './user.js';

const tags = ['Send to'];
const ZId = z.string().min(1).max(64);

export const ZSendto = z.object({
  id: z.string(),
  signatureRequestId: z.string(),
  title: z.string(),
  status: z.string(),
  documentCount: z.number(),
  from: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
  toEmail: z.string(),
  message: z.string(),
  createdAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type Sendto = z.infer<typeof ZSendto>;

export const createSendto = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/sendto',
  summary: 'Hand a draft to someone who will send it under their own name (they get a /sendto link by mail)',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  body: z.strictObject({ email: ZEmail, message: z.string().max(2000).default('') }),
  response: ZSendto,
  successStatus: 201,
});

export const getSendtoInternal = defineEndpoint({
  method: 'GET',
  path: '/v3/sendto/{id}/get-internal',
  summary: 'The hand-off addressed to the caller: which draft, from whom',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  response: ZSendto,
});

export const claimSendto = defineEndpoint({
  method: 'POST',
  path: '/v3/sendto/{id}/claim',
  summary: 'Take the handed-off draft over as its owner (once)',
  tags,
  auth: 'session',
  params: z.object({ id: ZId }),
  response: ZSignatureRequest,
});

export const sendtoEndpoints = { createSendto, getSendtoInternal, claimSendto };
