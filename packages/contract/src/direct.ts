// Calls for signers who only have a link (spec section 7, "Direct" variants): the signer-bound
// `token` query parameter from the invitation authenticates them, for their own request only.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZEvent, ZSignItem, ZSignResult, ZSignatureRequest } from './signature-requests.js';
import { ZLanguage } from './user.js';

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
  tags,
  auth: 'direct',
  query: ZToken,
  body: z.strictObject({
    signatureRequests: z.array(ZSignItem).min(1).max(1),
    language: ZLanguage.default('en'),
  }),
  response: ZSignResult,
});

export const directEndpoints = {
  directGetSignatureRequest,
  directGetEvents,
  directGetLockStatus,
  directDecline,
  directSign,
};
