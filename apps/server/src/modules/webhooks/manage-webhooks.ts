// The use cases of webhook endpoints, the same for a business (its admins only) and for a person's
// own account: list, create, read, change, delete, rotate the signing secret, read the delivery
// log, redeliver. Another owner's endpoint is not found (404), as is a business one has no tie to.
import type { WebhookEndpoint, WebhookEventType } from '@countersign/contract';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { PersonPrincipal } from '../../lib/principal.js';
import { newId } from '../../lib/tokens.js';
import { authorizeBusiness } from '../businesses/index.js';
import type { DeliveryRepo } from './delivery-repo.js';
import {
  MAX_WEBHOOK_ENDPOINTS,
  type WebhookEndpointRecord,
  type WebhookOwner,
  type WebhookRepo,
} from './repo.js';
import { newSigningSecret } from './send.js';

export interface WebhookDeps {
  endpoints: WebhookRepo;
  deliveries: DeliveryRepo;
  clock: Clock;
}

const HOUR_MS = 60 * 60 * 1000;

/** The owner a call acts for: the business (if the person is its admin), or their own account. */
export function ownerFor(principal: PersonPrincipal, businessId: string | undefined): WebhookOwner {
  if (businessId === undefined) return { kind: 'user', userId: principal.userId };
  authorizeBusiness(principal, 'manage_webhooks', { businessId });
  return { kind: 'business', businessId };
}

export const presentEndpoint = (r: WebhookEndpointRecord): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  enabled: r.enabled,
  disabledReason: r.disabledReason,
  failingSince: r.failingSince,
  createdAt: r.createdAt,
  secretSetAt: r.secretSetAt,
});

async function requireEndpoint(deps: WebhookDeps, owner: WebhookOwner, id: string) {
  const endpoint = await deps.endpoints.find(owner, id);
  if (!endpoint) throw new AppError('webhook.not_found', 'No such webhook endpoint');
  return endpoint;
}

/** Events in the catalogue's order, each once. */
const tidy = (events: readonly WebhookEventType[]) => [...new Set(events)];

export async function listEndpoints(deps: WebhookDeps, owner: WebhookOwner) {
  return { endpoints: (await deps.endpoints.list(owner)).map(presentEndpoint) };
}

export async function createEndpoint(
  deps: WebhookDeps,
  owner: WebhookOwner,
  input: { url: string; events: WebhookEventType[]; description: string },
) {
  if ((await deps.endpoints.count(owner)) >= MAX_WEBHOOK_ENDPOINTS) {
    throw new AppError('webhook.limit_reached', `At most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`);
  }
  const now = deps.clock.now().toISOString();
  const secret = newSigningSecret();
  const record: WebhookEndpointRecord = {
    id: newId(),
    owner,
    url: input.url,
    description: input.description,
    events: tidy(input.events),
    enabled: true,
    disabledReason: null,
    failingSince: null,
    createdAt: now,
    secretSetAt: now,
  };
  await deps.endpoints.insert(record, { id: newId(), secret });
  return { endpoint: presentEndpoint(record), secret };
}

export async function readEndpoint(deps: WebhookDeps, owner: WebhookOwner, id: string) {
  return presentEndpoint(await requireEndpoint(deps, owner, id));
}

export async function updateEndpoint(
  deps: WebhookDeps,
  owner: WebhookOwner,
  id: string,
  changes: { url?: string; events?: WebhookEventType[]; description?: string; enabled?: boolean },
) {
  await requireEndpoint(deps, owner, id);
  const events = changes.events && tidy(changes.events);
  await deps.endpoints.update(id, { ...changes, ...(events && { events }) }, deps.clock.now().toISOString());
  return presentEndpoint(await requireEndpoint(deps, owner, id));
}

export async function deleteEndpoint(deps: WebhookDeps, owner: WebhookOwner, id: string) {
  await requireEndpoint(deps, owner, id);
  await deps.endpoints.delete(id);
  return { ok: true as const };
}

export async function rotateSecret(
  deps: WebhookDeps,
  owner: WebhookOwner,
  id: string,
  keepPreviousHours: number,
) {
  await requireEndpoint(deps, owner, id);
  const now = deps.clock.now();
  const secret = newSigningSecret();
  const keepUntil = new Date(now.getTime() + keepPreviousHours * HOUR_MS).toISOString();
  await deps.endpoints.rotateSecret(id, { id: newId(), secret }, now.toISOString(), keepUntil);
  return { endpoint: presentEndpoint(await requireEndpoint(deps, owner, id)), secret };
}

export async function listDeliveries(deps: WebhookDeps, owner: WebhookOwner, id: string, limit: number) {
  await requireEndpoint(deps, owner, id);
  return { deliveries: await deps.deliveries.list(id, limit) };
}

export async function redeliver(deps: WebhookDeps, owner: WebhookOwner, id: string, deliveryId: string) {
  const endpoint = await requireEndpoint(deps, owner, id);
  if (!endpoint.enabled) throw new AppError('webhook.disabled', 'The webhook endpoint is disabled');
  const delivery = await deps.deliveries.redeliver(id, deliveryId, deps.clock.now().toISOString());
  if (!delivery) throw new AppError('webhook.delivery_not_found', 'The endpoint has no such delivery');
  return delivery;
}
