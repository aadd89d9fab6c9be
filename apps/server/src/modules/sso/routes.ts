// HTTP routes of single sign-on: the sign-in calls anyone may make, and the business admins' set-up
// of their provider. Each parses, authenticates and calls one use case.
import type { FastifyInstance } from 'fastify';
import { ssoEndpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator } from '../../http/endpoint.js';
import { requirePerson } from '../../lib/principal.js';
import * as providers from './business-provider.js';
import type { SsoDeps } from './deps.js';
import * as signIn from './sign-in.js';

export function registerSsoRoutes(app: FastifyInstance, deps: SsoDeps, authenticate: Authenticator): void {
  registerEndpoint(app, e.listSsoProviders, authenticate, async () => ({
    providers: Object.keys(deps.openId.providers)
      .sort()
      .map((name) => ({ name })),
  }));
  registerEndpoint(app, e.startSso, authenticate, ({ body }) => signIn.startSignIn(deps, body));
  registerEndpoint(app, e.completeSso, authenticate, ({ body, ctx }) =>
    signIn.completeSignIn(deps, { query: body.query, ip: ctx.ip }),
  );
  registerEndpoint(app, e.linkSso, authenticate, ({ body, ctx }) =>
    signIn.linkWithPassword(deps, { ...body, ip: ctx.ip }),
  );
  registerEndpoint(app, e.getBusinessIdentityProvider, authenticate, ({ params, ctx }) =>
    providers.getBusinessProvider(deps, requirePerson(ctx.principal), params.id),
  );
  registerEndpoint(app, e.putBusinessIdentityProvider, authenticate, ({ params, body, ctx }) =>
    providers.setBusinessProvider(deps, requirePerson(ctx.principal), { businessId: params.id, ...body }),
  );
  registerEndpoint(app, e.deleteBusinessIdentityProvider, authenticate, ({ params, ctx }) =>
    providers.deleteBusinessProvider(deps, requirePerson(ctx.principal), params.id),
  );
  registerEndpoint(app, e.testBusinessIdentityProvider, authenticate, ({ params, ctx }) =>
    providers.testBusinessProvider(deps, requirePerson(ctx.principal), params.id),
  );
}
