// HTTP routes of plans, billing and seats: parse (contract), authenticate, call one use case.
import type { FastifyInstance } from 'fastify';
import { billingEndpoints as e } from '@countersign/contract';
import { platformForDomain } from '@countersign/domain';
import { registerEndpoint, type Authenticator } from '../../http/endpoint.js';
import { listPricePlans } from './price-plans.js';

export interface BillingRouteOptions {
  publicUrl: string;
}

export function registerBillingRoutes(
  app: FastifyInstance,
  options: BillingRouteOptions,
  authenticate: Authenticator,
): void {
  const platform = platformForDomain(new URL(options.publicUrl).hostname);
  registerEndpoint(app, e.listPricePlans, authenticate, async ({ query }) =>
    listPricePlans(platform, query.locale),
  );
}
