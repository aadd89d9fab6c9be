// Embedded signing (ADR 088): the sender of a request (an API user of a business, or one of its
// people) asks for a short-lived signing address for one pending signer, and shows it in a frame
// on one of the origins the business registered (`embedded_signing.allowed_origins` in its
// settings). Only that page may be framed, and only by those origins; it tells its parent
// `signed`, `declined` or `error` through `postMessage`, and nothing more.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

const tags = ['Embedded signing'];
const ZId = z.string().min(1).max(64);

/** How long an embedded signing address works, in minutes: by default, and at most. */
export const EMBEDDED_SIGNING_MINUTES = { default: 15, max: 60 } as const;

/** What the embedded signing page posts to its parent window, and nothing else. */
export const EMBEDDED_SIGNING_EVENTS = ['signed', 'declined', 'error'] as const;
export type EmbeddedSigningEvent = (typeof EMBEDDED_SIGNING_EVENTS)[number];
/** The `type` of every message the embedded signing page posts. */
export const EMBEDDED_SIGNING_MESSAGE_TYPE = 'countersign.embedded-signing';
export interface EmbeddedSigningMessage {
  type: typeof EMBEDDED_SIGNING_MESSAGE_TYPE;
  event: EmbeddedSigningEvent;
}

export const ZEmbeddedSigningLink = z.object({
  /** the page to frame; its token works for this one signer until `expires_at` */
  url: z.string(),
  expiresAt: z.string(),
  /** the origins that may frame it: the business's list when the address was made */
  allowedOrigins: z.array(z.string()),
});
export type EmbeddedSigningLink = z.infer<typeof ZEmbeddedSigningLink>;

export const createEmbeddedSigning = defineEndpoint({
  method: 'POST',
  path: '/v3/signature-requests/{id}/signatures/{sigId}/embedded-signing',
  summary: 'A short-lived signing address for one pending signer, to show in a frame',
  description:
    "The sender of an open request asks for it (an API user of the business, or the person who sent it). The address works for this signer only, until `expires_at` (`lifetime_minutes`, 15 by default, at most 60), and only while the signer's signature is pending; its token is random and kept only hashed. Only pages on the business's `embedded_signing.allowed_origins` may frame it (409 `embedded_signing.no_origins` while the list is empty). The page posts `{ type: 'countersign.embedded-signing', event }` to its parent, `event` being `signed`, `declined` or `error`.",
  tags,
  auth: 'business',
  params: z.object({ id: ZId, sigId: ZId }),
  body: z
    .strictObject({
      lifetimeMinutes: z.number().int().min(1).max(EMBEDDED_SIGNING_MINUTES.max).optional(),
    })
    .default({}),
  response: ZEmbeddedSigningLink,
  successStatus: 201,
  problems: [
    'signature_request.not_found',
    'signer.not_found',
    'signature_request.forbidden',
    'embedded_signing.no_origins',
    'embedded_signing.signer_not_pending',
  ],
});

export const directGetEmbeddedSigning = defineEndpoint({
  method: 'GET',
  path: '/v3/direct/embedded-signing',
  summary: 'For an embedded signing token: the origins its page may tell what happened',
  description:
    'Answers for any token the embedded signing call made, expired or spent too (so the page can still tell its parent `error`), and 404 for any other token, invitation links included. It grants nothing: the origins are where the page posts its message, and no other.',
  tags,
  auth: 'none',
  query: z.object({ token: z.string().min(20).max(200) }),
  response: z.object({ allowedOrigins: z.array(z.string()) }),
  problems: ['signature_request.not_found'],
});

export const embeddedSigningEndpoints = { createEmbeddedSigning, directGetEmbeddedSigning };
