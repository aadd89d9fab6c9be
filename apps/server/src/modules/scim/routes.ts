// HTTP routes of SCIM provisioning: the identity provider's /scim/v2/Users calls, in SCIM's own
// format, and the business admins' calls that make, rotate and revoke the SCIM token.
import type { FastifyInstance } from 'fastify';
import { scimEndpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator } from '../../http/endpoint.js';
import { registerScimEndpoint, registerScimScope } from '../../http/scim-endpoint.js';
import { requirePerson, type TenantResolver } from '../../lib/principal.js';
import type { ScimDeps } from './deps.js';
import * as tokens from './token.js';
import * as users from './users.js';

export async function registerScimRoutes(
  app: FastifyInstance,
  deps: ScimDeps,
  authenticate: Authenticator,
  tenants: TenantResolver,
): Promise<void> {
  registerEndpoint(app, e.getScimToken, authenticate, ({ params, ctx }) =>
    tokens.getToken(deps, requirePerson(ctx.principal), params.id),
  );
  registerEndpoint(app, e.createScimToken, authenticate, ({ params, ctx }) =>
    tokens.createToken(deps, requirePerson(ctx.principal), params.id),
  );
  registerEndpoint(app, e.deleteScimToken, authenticate, ({ params, ctx }) =>
    tokens.deleteToken(deps, requirePerson(ctx.principal), params.id),
  );
  const byToken = tokens.createScimAuthenticator(deps, tenants);
  await registerScimScope(app, (scope) => {
    registerScimEndpoint(scope, e.scimListUsers, byToken, ({ businessId, query }) =>
      users.listUsers(deps, businessId, query),
    );
    registerScimEndpoint(scope, e.scimGetUser, byToken, ({ businessId, params }) =>
      users.getUser(deps, businessId, params.id),
    );
    registerScimEndpoint(scope, e.scimCreateUser, byToken, ({ businessId, body }) =>
      users.createUser(deps, businessId, body),
    );
    registerScimEndpoint(scope, e.scimReplaceUser, byToken, ({ businessId, params, body }) =>
      users.replaceUser(deps, businessId, params.id, body),
    );
    registerScimEndpoint(scope, e.scimPatchUser, byToken, ({ businessId, params, body }) =>
      users.patchUser(deps, businessId, params.id, body),
    );
    registerScimEndpoint(scope, e.scimDeleteUser, byToken, ({ businessId, params }) =>
      users.deleteUser(deps, businessId, params.id),
    );
  });
}
