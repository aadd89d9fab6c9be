// HTTP routes of plans, billing and seats: parse (contract), authenticate, call one use case.
import type { FastifyInstance } from 'fastify';
import { billingEndpoints as e } from '@countersign/contract';
import { registerEndpoint, type Authenticator, type RequestContext } from '../../http/endpoint.js';
import { requirePerson } from '../../lib/principal.js';
import * as business from './business-billing.js';
import type { BillingDeps } from './deps.js';
import * as direct from './direct-upgrade.js';
import * as methods from './payment-methods.js';
import * as changes from './plan-changes.js';
import { listPricePlans } from './price-plans.js';

export function registerBillingRoutes(
  app: FastifyInstance,
  deps: BillingDeps,
  authenticate: Authenticator,
): void {
  const person = (ctx: RequestContext) => requirePerson(ctx.principal);

  registerEndpoint(app, e.listPricePlans, authenticate, async () => listPricePlans(deps.platform));
  registerEndpoint(app, e.getBusinessBilling, authenticate, ({ params, ctx }) =>
    business.getBilling(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.updateBusinessBilling, authenticate, ({ params, body, ctx }) =>
    business.updateBilling(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.getBusinessPricePlan, authenticate, ({ params, ctx }) =>
    business.getPricePlan(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.updateBusinessBase, authenticate, ({ params, body, ctx }) =>
    business.updateBase(deps, person(ctx), params.id, body.type),
  );
  registerEndpoint(app, e.getBusinessCustomExtras, authenticate, ({ params, ctx }) =>
    business.getCustomExtras(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.getSubscriptionUsage, authenticate, ({ params, ctx }) =>
    business.getUsage(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.previewSeats, authenticate, ({ params, body, ctx }) =>
    changes.previewSeats(deps, person(ctx), params.id, body.seats),
  );
  registerEndpoint(app, e.updateSeats, authenticate, ({ params, body, ctx }) =>
    changes.updateSeats(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.previewUpgrade, authenticate, ({ params, body, ctx }) =>
    changes.previewUpgrade(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.upgradeSubscription, authenticate, ({ params, body, ctx }) =>
    changes.upgrade(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.cancelTrial, authenticate, ({ params, ctx }) =>
    changes.cancelTrial(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.createBusinessSetupIntent, authenticate, ({ params, body, ctx }) =>
    methods.createBusinessSetupIntent(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.createCustomerPortalSession, authenticate, ({ params, ctx }) =>
    methods.portalSession(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.createChargebeePortalSession, authenticate, ({ params, ctx }) =>
    methods.portalSession(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.validatePromoCode, authenticate, ({ params, body, ctx }) =>
    methods.validatePromo(deps, person(ctx), params.id, body),
  );
  registerEndpoint(app, e.getReferralCode, authenticate, ({ params, ctx }) =>
    methods.referralCode(deps, person(ctx), params.id),
  );
  registerEndpoint(app, e.previewDirectUpgrade, authenticate, ({ body, ctx }) =>
    direct.previewDirectUpgrade(deps, person(ctx), body),
  );
  registerEndpoint(app, e.createDirectSetupIntent, authenticate, ({ body, ctx }) =>
    direct.createDirectSetupIntent(deps, person(ctx), body.country),
  );
  registerEndpoint(app, e.confirmDirectUpgrade, authenticate, ({ body, ctx }) =>
    direct.confirmDirectUpgrade(deps, person(ctx), body),
  );
  registerEndpoint(app, e.getUserPricePlan, authenticate, ({ ctx }) =>
    direct.getUserPricePlan(deps, person(ctx)),
  );
  registerEndpoint(app, e.updateUserBase, authenticate, ({ body, ctx }) =>
    direct.updateUserBase(deps, person(ctx), body.type),
  );
}
