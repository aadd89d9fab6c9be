// The billing calls the billing pages read, through the query cache. A business's billing
// queries sit under the business key, so the console's refresh after a change reloads them too;
// an individual's plan under the user's.
import { billingEndpoints } from '@countersign/contract';
import type { EndpointResponse, PricePlan } from '@countersign/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';
import { businessQueryKey, useBusinessId } from '../business/business-api.js';
import { userQueryKey } from '../session/session-provider.js';
import { pricePlanQueryKey } from './business-access.js';

export type PlanOffers = EndpointResponse<typeof billingEndpoints.listPricePlans>;
export type Usage = EndpointResponse<typeof billingEndpoints.getSubscriptionUsage>;
export type BusinessBilling = EndpointResponse<typeof billingEndpoints.getBusinessBilling>;
export type UserPricePlan = EndpointResponse<typeof billingEndpoints.getUserPricePlan>;
export type CustomExtras = EndpointResponse<typeof billingEndpoints.getBusinessCustomExtras>;

/** Every plan with its prices, in the one currency of the platform (ADR 055). */
export function usePlanOffers() {
  const { api } = useServices();
  return useQuery<PlanOffers, ApiError>({
    queryKey: ['price-plans'],
    queryFn: ({ signal }) => api.call(billingEndpoints.listPricePlans, { signal }),
    staleTime: 5 * 60_000,
  });
}

function useBusinessQuery<T>(part: string, load: (id: string, signal: AbortSignal) => Promise<T>) {
  const id = useBusinessId();
  return useQuery<T, ApiError>({
    queryKey: [...businessQueryKey, id, part],
    queryFn: ({ signal }) => load(id ?? '', signal),
    enabled: id !== null,
  });
}

export function useUsage() {
  const { api } = useServices();
  return useBusinessQuery('usage', (id, signal) =>
    api.call(billingEndpoints.getSubscriptionUsage, { params: { id }, signal }),
  );
}

export function useBusinessBilling() {
  const { api } = useServices();
  return useBusinessQuery('billing', (id, signal) =>
    api.call(billingEndpoints.getBusinessBilling, { params: { id }, signal }),
  );
}

export function useCustomExtras() {
  const { api } = useServices();
  return useBusinessQuery('extras', (id, signal) =>
    api.call(billingEndpoints.getBusinessCustomExtras, { params: { id }, signal }),
  );
}

export function useReferralCode() {
  const { api } = useServices();
  return useBusinessQuery('referral', (id, signal) =>
    api.call(billingEndpoints.getReferralCode, { params: { id }, signal }),
  );
}

export const userPricePlanKey = [...userQueryKey, 'price-plan'] as const;

export function useUserPricePlan() {
  const { api } = useServices();
  return useQuery<UserPricePlan, ApiError>({
    queryKey: userPricePlanKey,
    queryFn: ({ signal }) => api.call(billingEndpoints.getUserPricePlan, { signal }),
  });
}

/** A change answered the business's new price plan: show it at once, and reload the rest. */
export function useStorePricePlan(): (plan: PricePlan) => Promise<void> {
  const queryClient = useQueryClient();
  const id = useBusinessId();
  return useCallback(
    async (plan: PricePlan) => {
      queryClient.setQueryData(pricePlanQueryKey(id), plan);
      await queryClient.invalidateQueries({ queryKey: [...businessQueryKey, id] });
    },
    [queryClient, id],
  );
}
