// HTTP routes of qualified signing at the provider: by redirect (mab-signing.ts, ADR 076) and by
// the Swisscom step-up (swisscom-proceed.ts, ADR 087), for account holders (Bearer session) and
// link holders (the link's token) alike.
import type { FastifyInstance } from 'fastify';
import { endpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator } from '../../http/endpoint.js';
import type { RequestsDeps } from './deps.js';
import { createPar, redirectSign } from './mab-signing.js';
import { proceedWithPasswordAndCode } from './swisscom-proceed.js';
import type { RouteCallers } from './route-callers.js';

export function registerMabRoutes(
  app: FastifyInstance,
  deps: RequestsDeps,
  authenticate: Authenticator,
  callers: RouteCallers,
): void {
  const { callerOf } = callers;

  registerEndpoint(app, e.mabCreatePar, authenticate, async ({ params, body, ctx }) =>
    createPar(deps, await callerOf(ctx, params.id), { requestId: params.id, signerId: params.sigId }, body),
  );
  registerEndpoint(app, e.mabRedirectSign, authenticate, async ({ params, body, ctx }) =>
    redirectSign(deps, await callerOf(ctx, params.id), params.id, body.params),
  );
  // the Swisscom step-up of a ZertES signature (ADR 087), through either door
  registerEndpoint(app, e.swisscomProceed, authenticate, async ({ params, body, ctx }) =>
    proceedWithPasswordAndCode(deps, await callers.userCaller(ctx), params.id, body),
  );
  registerEndpoint(app, e.directSwisscomProceed, authenticate, async ({ params, body, ctx }) =>
    proceedWithPasswordAndCode(deps, await callers.directCaller(ctx, params.id), params.id, body),
  );
}
