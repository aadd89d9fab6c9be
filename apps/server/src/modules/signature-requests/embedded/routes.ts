// HTTP routes of embedded signing (ADR 088): the sender's call that makes a signing address for one
// signer, and the page's call that learns where it may post what happened.
import type { FastifyInstance } from 'fastify';
import { endpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator } from '../../../http/endpoint.js';
import { requirePersonOrApiUser } from '../../../lib/principal.js';
import type { RequestsDeps } from '../deps.js';
import { createEmbeddedSigning, embeddingOfToken } from './embedded-signing.js';

export function registerEmbeddedSigningRoutes(
  app: FastifyInstance,
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'publicUrl'>,
  authenticate: Authenticator,
): void {
  registerEndpoint(app, e.createEmbeddedSigning, authenticate, async ({ params, body, ctx }) =>
    createEmbeddedSigning(deps, requirePersonOrApiUser(ctx.principal), {
      requestId: params.id,
      signerId: params.sigId,
      lifetimeMinutes: body.lifetimeMinutes,
    }),
  );
  registerEndpoint(app, e.directGetEmbeddedSigning, authenticate, async ({ query }) =>
    embeddingOfToken(deps, query.token),
  );
}
