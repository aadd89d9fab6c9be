// The webhook calls (ADR 069) for one owner: a business (its admins) or the signed-in person's own
// account. The two sets of calls are the same but for their path, so the pages take an owner and
// never care which set they use. Changes refresh the owner's endpoints and delivery logs.
import { webhookEndpoints as e } from '@countersign/contract';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@countersign/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';

export type WebhookOwner = { kind: 'business'; businessId: string } | { kind: 'user' };

export interface WebhookChange {
  url?: string;
  description?: string;
  events?: WebhookEventType[];
  enabled?: boolean;
}

export type NewWebhook = Required<Omit<WebhookChange, 'enabled'>>;
type Api = ReturnType<typeof useServices>['api'];
/** the old secret keeps working for a day beside the new one, so receivers switch without a gap */
const KEEP_PREVIOUS = { keepPreviousHours: 24 };
const LOG_SIZE = { limit: 50 };

/** Every call for `owner`, with the owner's ids filled in. */
function callsFor(api: Api, owner: WebhookOwner) {
  if (owner.kind === 'business') {
    const id = owner.businessId;
    return {
      list: () => api.call(e.listBusinessWebhooks, { params: { id } }),
      create: (body: NewWebhook) => api.call(e.createBusinessWebhook, { params: { id }, body }),
      update: (endpointId: string, body: WebhookChange) =>
        api.call(e.updateBusinessWebhook, { params: { id, endpointId }, body }),
      remove: (endpointId: string) => api.call(e.deleteBusinessWebhook, { params: { id, endpointId } }),
      rotate: (endpointId: string) =>
        api.call(e.rotateBusinessWebhookSecret, { params: { id, endpointId }, body: KEEP_PREVIOUS }),
      deliveries: (endpointId: string) =>
        api.call(e.listBusinessWebhookDeliveries, { params: { id, endpointId }, query: LOG_SIZE }),
      redeliver: (endpointId: string, deliveryId: string) =>
        api.call(e.redeliverBusinessWebhook, { params: { id, endpointId, deliveryId } }),
    };
  }
  return {
    list: () => api.call(e.listUserWebhooks, { params: {} }),
    create: (body: NewWebhook) => api.call(e.createUserWebhook, { params: {}, body }),
    update: (endpointId: string, body: WebhookChange) =>
      api.call(e.updateUserWebhook, { params: { endpointId }, body }),
    remove: (endpointId: string) => api.call(e.deleteUserWebhook, { params: { endpointId } }),
    rotate: (endpointId: string) =>
      api.call(e.rotateUserWebhookSecret, { params: { endpointId }, body: KEEP_PREVIOUS }),
    deliveries: (endpointId: string) =>
      api.call(e.listUserWebhookDeliveries, { params: { endpointId }, query: LOG_SIZE }),
    redeliver: (endpointId: string, deliveryId: string) =>
      api.call(e.redeliverUserWebhook, { params: { endpointId, deliveryId } }),
  };
}

const keyOf = (owner: WebhookOwner) =>
  ['webhooks', owner.kind === 'business' ? owner.businessId : 'user'] as const;

export function useWebhooks(owner: WebhookOwner) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const calls = callsFor(api, owner);
  const key = keyOf(owner);
  const endpoints = useQuery<WebhookEndpoint[], ApiError>({
    queryKey: key,
    queryFn: async () => (await calls.list()).endpoints,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return { calls, endpoints, refresh, key };
}

export function useDeliveries(owner: WebhookOwner, endpointId: string) {
  const { api } = useServices();
  return useQuery<WebhookDelivery[], ApiError>({
    queryKey: [...keyOf(owner), endpointId, 'deliveries'],
    queryFn: async () => (await callsFor(api, owner).deliveries(endpointId)).deliveries,
  });
}

export function useRedeliver(owner: WebhookOwner, endpointId: string) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation<WebhookDelivery, ApiError, string>({
    mutationFn: (deliveryId) => callsFor(api, owner).redeliver(endpointId, deliveryId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...keyOf(owner), endpointId, 'deliveries'] }),
  });
}
