// The Swisscom step-up of a qualified ZertES signature (the spec's proceed calls, ADR 087). A
// ZertES credential at a Swisscom-style provider is unlocked by the signer's password at the
// provider and a one-time code it texts them (`pwdotp`), not by the code alone: a sign call
// answers signing.pwdotp_required after the code was sent, and proceed signs with both. An
// account holder calls with their session; a link holder with their link's token.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZSignItem, ZRequestStatus, ZSigningConsent } from './signature-requests.js';
import { ZPart11Reauthentication } from './part11.js';
import { ZLanguage } from './user.js';

const tags = ['Signing'];

export const ZPwdOtp = z.strictObject({
  /** the signer's password at the provider (the sandbox sets it on first use: ADR 087) */
  password: z.string().min(1).max(128),
  /** the one-time code the provider texted after the sign call */
  otp: z.string().min(4).max(16),
});
export type PwdOtp = z.infer<typeof ZPwdOtp>;

const ZProceedBody = z.strictObject({
  pwdotp: ZPwdOtp,
  language: ZLanguage.default('en'),
  /** required: see ZSigningConsent */
  consent: ZSigningConsent.optional(),
  /** account holders: which of their visual signatures to place */
  visualSignatureId: ZSignItem.shape.visualSignatureId,
  fieldValues: ZSignItem.shape.fieldValues,
  /** the printed name and the meaning: a Part 11 signature states them, as with /v3/sign */
  signingName: ZSignItem.shape.signingName,
  signingReason: ZSignItem.shape.signingReason,
  /**
   * Part 11 requests only (ADR 077): the account's password and the code of POST
   * /v3/signature-requests/{id}/part11/code, besides the provider's `pwdotp`
   */
  part11: ZPart11Reauthentication.optional(),
});

const ZProceedResult = z.object({ requestStatus: ZRequestStatus });
const ZIdParams = z.object({ id: z.string().min(1).max(64) });

export const swisscomProceed = defineEndpoint({
  method: 'POST',
  path: '/v3/swisscom/proceed/{id}',
  summary: "Sign a qualified ZertES request with the signer's provider password and one-time code",
  tags,
  auth: 'session',
  params: ZIdParams,
  body: ZProceedBody,
  response: ZProceedResult,
});

export const directSwisscomProceed = defineEndpoint({
  method: 'POST',
  path: '/v3/direct/swisscom/proceed/{id}',
  summary: "Sign the link's qualified ZertES request with the provider password and one-time code",
  tags,
  auth: 'direct',
  params: ZIdParams,
  query: z.object({ token: z.string().min(20).max(200) }),
  // link holders make no Part 11 signature (ADR 077) and have no saved visual signatures
  body: ZProceedBody.omit({ visualSignatureId: true, part11: true }),
  response: ZProceedResult,
});

export const swisscomEndpoints = { swisscomProceed, directSwisscomProceed };
