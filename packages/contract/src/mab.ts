// Qualified signing by redirect to the signer's trust service provider (the spec's MAB calls,
// ADR 076): create-par prepares the signer's documents and answers where to send them (the QTSP's
// authorisation page, reached by a pushed authorisation request); the QTSP sends them back to the
// web route /mab/redirect, whose page hands what it received to redirect-sign, which signs. An
// account holder calls with their session; a link holder with their link's token.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZRequestStatus, ZSigningConsent } from './signature-requests.js';
import { ZLanguage } from './user.js';

const tags = ['Signing'];

export const mabCreatePar = defineEndpoint({
  method: 'POST',
  path: '/v3/mab/create-par/{id}/signatures/{sigId}',
  summary:
    "Prepare the signer's qualified signature of every document and answer the trust service provider's page to send them to",
  tags,
  auth: 'optional',
  params: z.object({ id: z.string().min(1).max(64), sigId: z.string().min(1).max(64) }),
  query: z.object({ token: z.string().min(20).max(200).optional() }),
  body: z.strictObject({
    language: ZLanguage.default('en'),
    /** kept with the pending signature and given back by redirect-sign (where the client returns to) */
    redirectQueryParams: z.record(z.string().max(64), z.string().max(500)).optional(),
    /** required: see ZSigningConsent */
    consent: ZSigningConsent.optional(),
  }),
  response: z.object({
    /** the provider's authorisation page (the PAR request_uri URL): send the signer's browser there */
    url: z.string(),
    /** the handle the provider gives back with the signer at /mab/redirect */
    state: z.string(),
    expiresAt: z.string(),
  }),
});

export const mabRedirectSign = defineEndpoint({
  method: 'POST',
  path: '/v3/mab/redirect-sign/{id}',
  summary: 'Complete the qualified signature the signer authorised at their trust service provider',
  tags,
  auth: 'optional',
  params: z.object({ id: z.string().min(1).max(64) }),
  query: z.object({ token: z.string().min(20).max(200).optional() }),
  body: z.strictObject({
    /** the query parameters the provider sent the signer back to /mab/redirect with */
    params: z.strictObject({
      state: z.string().min(1).max(200),
      code: z.string().min(1).max(2000).optional(),
      error: z.string().max(200).optional(),
      errorDescription: z.string().max(2000).optional(),
    }),
  }),
  response: z.object({
    requestStatus: ZRequestStatus,
    redirectQueryParams: z.record(z.string(), z.string()),
  }),
});

export const mabEndpoints = { mabCreatePar, mabRedirectSign };
