// HTTP routes of Mobile ID signing (mobile-id-signing.ts, ADR 094), for account holders (Bearer
// session) and link holders (the link's token) alike.
import type { FastifyInstance } from 'fastify';
import { endpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator } from '../../http/endpoint.js';
import type { RequestsDeps } from './deps.js';
import { readMobileIdSignature, startMobileIdSignature } from './mobile-id-signing.js';
import type { RouteCallers } from './route-callers.js';

export function registerMobileIdRoutes(
  app: FastifyInstance,
  deps: RequestsDeps,
  authenticate: Authenticator,
  callers: RouteCallers,
): void {
  const { callerOf } = callers;

  registerEndpoint(app, e.mobileIdSign, authenticate, async ({ params, body, ctx }) =>
    startMobileIdSignature(deps, await callerOf(ctx, params.id), params.id, body),
  );
  registerEndpoint(app, e.mobileIdSignStatus, authenticate, async ({ params, ctx }) =>
    readMobileIdSignature(deps, await callerOf(ctx, params.id), params.id, params.transactionId),
  );
}
