// 21 CFR Part 11 mode (ADR 077): in a business that turned it on (settings
// `signatureRequests.part11.enabled`), every signature re-authenticates its signer with their
// password and a one-time code, and states the printed name and the meaning of the signature.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

const tags = ['Signing'];
const ZIdParams = z.object({ id: z.string().min(1).max(64) });

/** Where a one-time code went: SMS to the account's mobile number, else mail to its address. */
export const ZPart11Channel = z.enum(['sms', 'mail']);

/**
 * The re-authentication of one sign call (POST /v3/sign, `part11`): the account's password and the
 * code just sent. One re-authentication covers every Part 11 request of the same call (21 CFR
 * 11.200(a)(1)(i): a series of signings during one continuous session).
 */
export const ZPart11Reauthentication = z.strictObject({
  password: z.string().min(1).max(200),
  code: z.string().trim().min(1).max(16),
});
export type Part11Reauthentication = z.infer<typeof ZPart11Reauthentication>;

export const ZPart11Status = z.object({
  /** whether signing this request is a Part 11 signature (the sender's business turned it on) */
  required: z.boolean(),
  /** the printed name and meaning the person kept from their last Part 11 signature, else their name */
  printedName: z.string(),
  meaning: z.string().nullable(),
  /** where a code went that still waits to be used; null when none does */
  pendingCode: z.object({ channel: ZPart11Channel, expiresAt: z.string() }).nullable(),
});
export type Part11Status = z.infer<typeof ZPart11Status>;

export const getPart11Status = defineEndpoint({
  method: 'GET',
  path: '/v3/signature-requests/{id}/part11',
  summary: 'Whether signing this request needs Part 11 re-authentication, and the signer’s defaults',
  tags,
  auth: 'session',
  params: ZIdParams,
  response: ZPart11Status,
});

export const sendPart11Code = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/part11/code',
  summary: 'Send the signer a one-time code for a Part 11 signature (SMS to their mobile, else mail)',
  description:
    'The code is 6 digits, valid 10 minutes, for one signing call; 5 wrong tries (wrong code or wrong password) lock it and a new one must be sent. 5 codes per hour, then 429 part11.code_limit. Only a pending signer of a Part 11 request may ask (409 part11.not_required otherwise).',
  tags,
  auth: 'session',
  params: ZIdParams,
  response: z.object({ channel: ZPart11Channel, sentTo: z.string(), expiresAt: z.string() }),
});

// operation names are letters only (the OpenAPI document's rule)
export const part11Endpoints = { getPartElevenStatus: getPart11Status, sendPartElevenCode: sendPart11Code };
