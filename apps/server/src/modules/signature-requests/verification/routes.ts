// HTTP routes of the verification service (ADR 086): POST /api/resend|respond|cancel/{id}, for the
// signer of that signature, signed in (Bearer session) or by their link (`token`).
import type { FastifyInstance } from 'fastify';
import { endpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator, type RequestContext } from '../../../http/endpoint.js';
import type { RequestsDeps } from '../deps.js';
import type { RouteCallers } from '../route-callers.js';
import { cancelVerification, resendVerification, respondToVerification } from './verification.js';

export function registerVerificationRoutes(
  app: FastifyInstance,
  deps: Pick<RequestsDeps, 'clock' | 'db' | 'mailer' | 'publicUrl'>,
  authenticate: Authenticator,
  callers: RouteCallers,
): void {
  // a link token is accepted for its own signature only (verification.ts checks the id)
  const callerOf = (ctx: RequestContext) => callers.callerOf(ctx, undefined);
  registerEndpoint(app, e.verificationResend, authenticate, async ({ params, ctx }) =>
    resendVerification(deps, await callerOf(ctx), params.id),
  );
  registerEndpoint(app, e.verificationRespond, authenticate, async ({ params, body, ctx }) =>
    respondToVerification(deps, await callerOf(ctx), params.id, body.secret),
  );
  registerEndpoint(app, e.verificationCancel, authenticate, async ({ params, ctx }) =>
    cancelVerification(deps, await callerOf(ctx), params.id),
  );
}
