// Webhooks for integrators (ADR 069): a business's admins, or a person for their own account,
// register endpoints (a URL and the events it wants); each event of a request they sent is then
// POSTed to it, signed as the Standard Webhooks specification says (`webhook-id`,
// `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`), retried with back-off until
// it is answered 2xx. Signing secrets (`whsec_<base64>`) are shown once, when made; while one is
// rotated, the old one stays valid for a while and the signature header carries one per secret.
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

const tags = ['Webhooks'];
const ZId = z.string().min(1).max(64);

/** The events an endpoint may want; the body's `type` is one of them. */
export const WEBHOOK_EVENT_TYPES = [
  'signature_request.sent',
  'signature_request.viewed',
  'signature_request.signed',
  'signature_request.declined',
  'signature_request.withdrawn',
  'signature_request.expired',
  'signature_request.completed',
  'signature_request.deleted',
  'identification.finished',
] as const;
export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof ZWebhookEventType>;

/**
 * http or https, no credentials in it, at most 2000 characters. Zod runs the refinement even when
 * the URL check failed, so it must not assume a parsable URL: what is not one is refused by the
 * URL check, and the refinement has nothing to add.
 */
export const ZWebhookUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .refine((value) => {
    const url = URL.parse(value);
    return url === null || (url.username === '' && url.password === '');
  }, 'A webhook URL carries no user name or password');

export const ZWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(ZWebhookEventType),
  enabled: z.boolean(),
  /** why the server disabled it (`failing`: no delivery succeeded for WEBHOOK_DISABLE_AFTER_DAYS) */
  disabledReason: z.enum(['failing']).nullable(),
  /** since when every delivery has failed, or null when the last one succeeded */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  /** when the newest signing secret was made */
  secretSetAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** An endpoint with its new signing secret: answered once, when the secret is made. */
export const ZWebhookEndpointWithSecret = z.object({
  endpoint: ZWebhookEndpoint,
  /** `whsec_` and the base64 of 32 random bytes; it cannot be read again, only rotated */
  secret: z.string(),
});

export const ZWebhookDelivery = z.object({
  id: z.string(),
  /** the `webhook-id` header: the same on every attempt, so a receiver drops repeats */
  messageId: z.string(),
  eventType: ZWebhookEventType,
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** the HTTP status of the last answer, or null when there was none (refused, timed out) */
  lastResponseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof ZWebhookDelivery>;

const ZDescription = z.string().trim().max(200);
const ZEvents = z.array(ZWebhookEventType).min(1).max(WEBHOOK_EVENT_TYPES.length);
const ZCreateBody = z.strictObject({
  url: ZWebhookUrl,
  events: ZEvents,
  description: ZDescription.default(''),
});
const ZUpdateBody = z.strictObject({
  url: ZWebhookUrl.optional(),
  events: ZEvents.optional(),
  description: ZDescription.optional(),
  /** enabling one the server disabled starts its failure window afresh */
  enabled: z.boolean().optional(),
});
const ZRotateBody = z.strictObject({
  /** how long the secrets made before stay valid beside the new one (0: they stop at once) */
  keepPreviousHours: z.number().int().min(0).max(168).default(24),
});
const ZDeliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) });

const endpointProblems = ['webhook.not_found'] as const;

/** The same calls for a business (its admins) and for a person's own account. */
function webhookCalls<P extends z.ZodType, O extends z.ZodType, D extends z.ZodType>(
  base: string,
  params: { owner: P; one: O; delivery: D },
  ownerProblems: readonly ['business.not_found', 'business.forbidden'] | readonly [],
) {
  const { owner, one } = params;
  const whose = base.startsWith('/v1/user') ? 'your account' : 'the business';
  return {
    list: defineEndpoint({
      method: 'GET',
      path: `${base}/webhooks`,
      summary: `The webhook endpoints of ${whose}, oldest first (secrets are never shown again)`,
      tags,
      auth: 'session',
      params: owner,
      response: z.object({ endpoints: z.array(ZWebhookEndpoint) }),
      problems: [...ownerProblems],
    }),
    create: defineEndpoint({
      method: 'POST',
      path: `${base}/webhooks`,
      summary: `Register a webhook endpoint for ${whose}; its signing secret is in this answer only`,
      tags,
      auth: 'session',
      params: owner,
      body: ZCreateBody,
      response: ZWebhookEndpointWithSecret,
      successStatus: 201,
      problems: [...ownerProblems, 'webhook.limit_reached'],
    }),
    get: defineEndpoint({
      method: 'GET',
      path: `${base}/webhooks/{endpointId}`,
      summary: 'One webhook endpoint',
      tags,
      auth: 'session',
      params: one,
      response: ZWebhookEndpoint,
      problems: [...ownerProblems, ...endpointProblems],
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: `${base}/webhooks/{endpointId}`,
      summary: "Change a webhook endpoint's URL, events, description, or enable or disable it",
      tags,
      auth: 'session',
      params: one,
      body: ZUpdateBody,
      response: ZWebhookEndpoint,
      problems: [...ownerProblems, ...endpointProblems],
    }),
    delete: defineEndpoint({
      method: 'DELETE',
      path: `${base}/webhooks/{endpointId}`,
      summary: 'Delete a webhook endpoint and its delivery log; nothing more is sent to it',
      tags,
      auth: 'session',
      params: one,
      response: z.object({ ok: z.literal(true) }),
      problems: [...ownerProblems, ...endpointProblems],
    }),
    rotate: defineEndpoint({
      method: 'POST',
      path: `${base}/webhooks/{endpointId}/rotate-secret`,
      summary: 'Make a new signing secret (shown in this answer only); the old ones stay valid for a while',
      description:
        'Until `keep_previous_hours` have passed, each delivery carries one signature per valid secret in `webhook-signature`, so a receiver can switch secrets without missing a delivery.',
      tags,
      auth: 'session',
      params: one,
      body: ZRotateBody,
      response: ZWebhookEndpointWithSecret,
      problems: [...ownerProblems, ...endpointProblems],
    }),
    deliveries: defineEndpoint({
      method: 'GET',
      path: `${base}/webhooks/{endpointId}/deliveries`,
      summary: "The endpoint's delivery log, newest first, with each answer's HTTP status",
      tags,
      auth: 'session',
      params: one,
      query: ZDeliveriesQuery,
      response: z.object({ deliveries: z.array(ZWebhookDelivery) }),
      problems: [...ownerProblems, ...endpointProblems],
    }),
    redeliver: defineEndpoint({
      method: 'POST',
      path: `${base}/webhooks/{endpointId}/deliveries/{deliveryId}/redeliver`,
      summary: 'Send a delivery again soon, with the same webhook-id, whatever its state',
      tags,
      auth: 'session',
      params: params.delivery,
      response: ZWebhookDelivery,
      problems: [...ownerProblems, ...endpointProblems, 'webhook.delivery_not_found', 'webhook.disabled'],
    }),
  };
}

const ZBusinessParams = z.object({ id: ZId });
const ZEndpointParams = z.object({ endpointId: ZId });
const ZDeliveryParams = ZEndpointParams.extend({ deliveryId: ZId });
const business = webhookCalls(
  '/v1/businesses/{id}',
  {
    owner: ZBusinessParams,
    one: ZBusinessParams.extend(ZEndpointParams.shape),
    delivery: ZBusinessParams.extend(ZDeliveryParams.shape),
  },
  ['business.not_found', 'business.forbidden'] as const,
);
const personal = webhookCalls(
  '/v1/user',
  { owner: z.object({}), one: ZEndpointParams, delivery: ZDeliveryParams },
  [] as const,
);

export const webhookEndpoints = {
  listBusinessWebhooks: business.list,
  createBusinessWebhook: business.create,
  getBusinessWebhook: business.get,
  updateBusinessWebhook: business.update,
  deleteBusinessWebhook: business.delete,
  rotateBusinessWebhookSecret: business.rotate,
  listBusinessWebhookDeliveries: business.deliveries,
  redeliverBusinessWebhook: business.redeliver,
  listUserWebhooks: personal.list,
  createUserWebhook: personal.create,
  getUserWebhook: personal.get,
  updateUserWebhook: personal.update,
  deleteUserWebhook: personal.delete,
  rotateUserWebhookSecret: personal.rotate,
  listUserWebhookDeliveries: personal.deliveries,
  redeliverUserWebhook: personal.redeliver,
};
