// Mobile ID signing (ADR 094): an advanced signature the signer confirms on their own phone. The
// start call puts a confirmation on the phone and answers its transaction; the client then asks
// for the transaction's state every few seconds until the signer approved (the server signs and
// answers `signed`), refused (403 mobile_id.refused) or let it lapse (410 mobile_id.timeout). An
// account holder calls with their session; a link holder with their link's token.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZRequestStatus, ZSignItem, ZSigningConsent } from './signature-requests.js';
import { ZLanguage, ZMobileNumber } from './user.js';

const tags = ['Signing'];

export const ZMobileIdTransaction = z.object({
  transactionId: z.string(),
  /** `pending` until the signer answers on the phone; `signed` once the signature is made */
  status: z.enum(['pending', 'signed']),
  /** when the confirmation lapses on the phone */
  expiresAt: z.string(),
  /** set with `signed` */
  requestStatus: ZRequestStatus.nullable(),
});
export type MobileIdTransaction = z.infer<typeof ZMobileIdTransaction>;

export const mobileIdSign = defineEndpoint({
  method: 'POST',
  path: '/v3/mobile-id/sign/{id}',
  summary: 'Ask the signer to confirm their advanced signature of a request on their phone (Mobile ID)',
  tags,
  auth: 'optional',
  params: z.object({ id: z.string().min(1).max(64) }),
  query: z.object({ token: z.string().min(20).max(200).optional() }),
  body: z.strictObject({
    /** the phone to confirm on; default: the account's `mobile` attribute (link holders give it) */
    mobile: ZMobileNumber.optional(),
    language: ZLanguage.default('en'),
    /** required: see ZSigningConsent */
    consent: ZSigningConsent.optional(),
    signingReason: ZSignItem.shape.signingReason,
    signingLocation: ZSignItem.shape.signingLocation,
    /** account holders: which of their visual signatures to place */
    visualSignatureId: ZSignItem.shape.visualSignatureId,
    fieldValues: ZSignItem.shape.fieldValues,
  }),
  response: ZMobileIdTransaction,
});

export const mobileIdSignStatus = defineEndpoint({
  method: 'GET',
  path: '/v3/mobile-id/sign/{id}/{transactionId}',
  summary: "The signer's answer on the phone so far; makes the signature once they approved",
  tags,
  auth: 'optional',
  params: z.object({ id: z.string().min(1).max(64), transactionId: z.string().min(1).max(100) }),
  query: z.object({ token: z.string().min(20).max(200).optional() }),
  response: ZMobileIdTransaction,
});

export const mobileIdEndpoints = { mobileIdSign, mobileIdSignStatus };
