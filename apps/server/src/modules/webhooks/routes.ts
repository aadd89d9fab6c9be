// HTTP routes of webhook endpoints: a business's (its admins only) and a person's own. Each parses,
// resolves the owner the call acts for, and calls one use case.
import type { FastifyInstance } from 'fastify';
import { webhookEndpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator, type RequestContext } from '../../http/endpoint.js';
import { requirePerson } from '../../lib/principal.js';
import * as manage from './manage-webhooks.js';

export function registerWebhookRoutes(
  app: FastifyInstance,
  deps: manage.WebhookDeps,
  authenticate: Authenticator,
): void {
  const business = (ctx: RequestContext, params: { id: string }) =>
    manage.ownerFor(requirePerson(ctx.principal), params.id);
  const personal = (ctx: RequestContext) => manage.ownerFor(requirePerson(ctx.principal), undefined);

  registerEndpoint(app, e.listBusinessWebhooks, authenticate, ({ params, ctx }) =>
    manage.listEndpoints(deps, business(ctx, params)),
  );
  registerEndpoint(app, e.createBusinessWebhook, authenticate, ({ params, body, ctx }) =>
    manage.createEndpoint(deps, business(ctx, params), body),
  );
  registerEndpoint(app, e.getBusinessWebhook, authenticate, ({ params, ctx }) =>
    manage.readEndpoint(deps, business(ctx, params), params.endpointId),
  );
  registerEndpoint(app, e.updateBusinessWebhook, authenticate, ({ params, body, ctx }) =>
    manage.updateEndpoint(deps, business(ctx, params), params.endpointId, body),
  );
  registerEndpoint(app, e.deleteBusinessWebhook, authenticate, ({ params, ctx }) =>
    manage.deleteEndpoint(deps, business(ctx, params), params.endpointId),
  );
  registerEndpoint(app, e.rotateBusinessWebhookSecret, authenticate, ({ params, body, ctx }) =>
    manage.rotateSecret(deps, business(ctx, params), params.endpointId, body.keepPreviousHours),
  );
  registerEndpoint(app, e.listBusinessWebhookDeliveries, authenticate, ({ params, query, ctx }) =>
    manage.listDeliveries(deps, business(ctx, params), params.endpointId, query.limit),
  );
  registerEndpoint(app, e.redeliverBusinessWebhook, authenticate, ({ params, ctx }) =>
    manage.redeliver(deps, business(ctx, params), params.endpointId, params.deliveryId),
  );

  registerEndpoint(app, e.listUserWebhooks, authenticate, ({ ctx }) =>
    manage.listEndpoints(deps, personal(ctx)),
  );
  registerEndpoint(app, e.createUserWebhook, authenticate, ({ body, ctx }) =>
    manage.createEndpoint(deps, personal(ctx), body),
  );
  registerEndpoint(app, e.getUserWebhook, authenticate, ({ params, ctx }) =>
    manage.readEndpoint(deps, personal(ctx), params.endpointId),
  );
  registerEndpoint(app, e.updateUserWebhook, authenticate, ({ params, body, ctx }) =>
    manage.updateEndpoint(deps, personal(ctx), params.endpointId, body),
  );
  registerEndpoint(app, e.deleteUserWebhook, authenticate, ({ params, ctx }) =>
    manage.deleteEndpoint(deps, personal(ctx), params.endpointId),
  );
  registerEndpoint(app, e.rotateUserWebhookSecret, authenticate, ({ params, body, ctx }) =>
    manage.rotateSecret(deps, personal(ctx), params.endpointId, body.keepPreviousHours),
  );
  registerEndpoint(app, e.listUserWebhookDeliveries, authenticate, ({ params, query, ctx }) =>
    manage.listDeliveries(deps, personal(ctx), params.endpointId, query.limit),
  );
  registerEndpoint(app, e.redeliverUserWebhook, authenticate, ({ params, ctx }) =>
    manage.redeliver(deps, personal(ctx), params.endpointId, params.deliveryId),
  );
}
