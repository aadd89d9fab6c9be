// HTTP routes of API users (admins of the business only): parse, authenticate, one use case each.
import type { FastifyInstance } from 'fastify';
import { apiUserEndpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator, type RequestContext } from '../../http/endpoint.js';
import { requirePerson } from '../../lib/principal.js';
import * as manage from './manage-api-users.js';

export function registerApiUserRoutes(
  app: FastifyInstance,
  deps: manage.ApiUserDeps,
  authenticate: Authenticator,
): void {
  const person = (ctx: RequestContext) => requirePerson(ctx.principal);
  registerEndpoint(app, e.listApiUsers, authenticate, ({ params, ctx }) =>
    manage.listApiUsers(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.createApiUser, authenticate, ({ params, body, ctx }) =>
    manage.createApiUser(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.updateApiUser, authenticate, ({ params, body, ctx }) =>
    manage.describeApiUser(deps, person(ctx), params.id, params.username, body.description),
  );
  registerEndpoint(app, e.resetApiUserSecret, authenticate, ({ params, ctx }) =>
    manage.resetApiUserSecret(deps, person(ctx), params.id, params.username),
  );
  registerEndpoint(app, e.deleteApiUser, authenticate, ({ params, ctx }) =>
    manage.deleteApiUser(deps, person(ctx), params.id, params.username),
  );
}
