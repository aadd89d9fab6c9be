// HTTP routes of a business's organisation identity (ADR 062): its admins read the verification
// and ask for one; the operator API (only when OPERATOR_API_TOKEN is set, else its paths answer
// 404 like any unknown path) lists, shows, verifies, refuses and revokes.
import type { FastifyInstance } from 'fastify';
import { businessVerificationEndpoints as admin, operatorEndpoints as op } from '@countersign/contract';
import { registerEndpoint, type Authenticator, type RequestContext } from '../../http/endpoint.js';
import { requirePerson } from '../../lib/principal.js';
import { getVerification, requestVerification, type VerificationDeps } from './admin-verification.js';
import { createOperatorAuthenticator } from '../../http/operator-auth.js';
import * as operator from './operator-verification.js';

export function registerVerificationRoutes(
  app: FastifyInstance,
  deps: VerificationDeps,
  authenticate: Authenticator,
  operatorApiToken: string | undefined,
): void {
  const person = (ctx: RequestContext) => requirePerson(ctx.principal);
  registerEndpoint(app, admin.getBusinessVerification, authenticate, ({ params, ctx }) =>
    getVerification(deps, person(ctx), params.id),
  );
  registerEndpoint(app, admin.requestBusinessVerification, authenticate, ({ params, body, ctx }) =>
    requestVerification(deps, person(ctx), params.id, body),
  );

  if (!operatorApiToken) return;
  const asOperator = createOperatorAuthenticator(operatorApiToken);
  registerEndpoint(app, op.listOperatorBusinesses, asOperator, ({ query }) =>
    operator.listBusinesses(deps, query),
  );
  registerEndpoint(app, op.getOperatorBusiness, asOperator, ({ params }) =>
    operator.showBusiness(deps, params.id),
  );
  registerEndpoint(app, op.verifyBusiness, asOperator, ({ params, body }) =>
    operator.verifyBusiness(deps, 'api', params.id, body),
  );
  registerEndpoint(app, op.refuseBusinessVerification, asOperator, ({ params, body }) =>
    operator.refuseBusiness(deps, 'api', params.id, body.reason),
  );
  registerEndpoint(app, op.revokeBusinessVerification, asOperator, ({ params, body }) =>
    operator.revokeBusiness(deps, 'api', params.id, body.reason),
  );
}
