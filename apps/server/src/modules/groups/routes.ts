// HTTP routes of signer groups: parse (contract), authenticate, call one use case.
import type { FastifyInstance } from 'fastify';
import { groupEndpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator, type RequestContext } from '../../http/endpoint.js';
import { requirePerson } from '../../lib/principal.js';
import * as groups from './groups.js';

export function registerGroupRoutes(
  app: FastifyInstance,
  deps: groups.GroupDeps,
  authenticate: Authenticator,
) {
  const person = (ctx: RequestContext) => requirePerson(ctx.principal);
  registerEndpoint(app, e.listSignerGroups, authenticate, ({ query, ctx }) =>
    groups.listGroups(deps, person(ctx), query),
  );
  registerEndpoint(app, e.createSignerGroup, authenticate, ({ body, ctx }) =>
    groups.createGroup(deps, person(ctx), body),
  );
  registerEndpoint(app, e.getSignerGroup, authenticate, ({ params, ctx }) =>
    groups.getGroup(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.updateSignerGroup, authenticate, ({ params, body, ctx }) =>
    groups.updateGroup(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.deleteSignerGroup, authenticate, ({ params, ctx }) =>
    groups.deleteGroup(deps, person(ctx), params.id),
  );
}
