// The business console's reads as query options, one factory per read (the shape of
// bulletproof-react's `get-discussions.ts`): each names its cache key and its call, so a page
// passes it to `useQuery`, and a change sets or invalidates the same key without spelling it again.
// Every key sits under the business key, so the console's refresh after a change
// (`useRefreshBusiness`) reloads them all.
import {
  businessActivityEndpoints,
  businessEndpoints,
  businessSurveyEndpoints,
  businessVerificationEndpoints,
  sealEndpoints,
} from '@countersign/contract';
import type { Seal, SealDetail } from '@countersign/contract';
import { queryOptions } from '@tanstack/react-query';
import type { ApiError } from '../../api/api-error.js';
import type { ApiClient } from '../../api/client.js';
import { businessQueryKey } from './business-api.js';

/** The cache keys of one business's reads. */
export const businessKeys = {
  part: (businessId: string, part: string) => [...businessQueryKey, businessId, part] as const,
  seal: (businessId: string, name: string) => [...businessQueryKey, businessId, 'seals', name] as const,
};

export function sealsQuery(api: ApiClient, businessId: string) {
  return queryOptions<Seal[], ApiError>({
    queryKey: businessKeys.part(businessId, 'seals'),
    queryFn: async ({ signal }) =>
      (await api.call(sealEndpoints.listSeals, { params: { id: businessId }, signal })).seals,
  });
}

export function sealQuery(api: ApiClient, businessId: string, name: string) {
  return queryOptions<SealDetail, ApiError>({
    queryKey: businessKeys.seal(businessId, name),
    queryFn: ({ signal }) =>
      api.call(sealEndpoints.getSeal, { params: { id: businessId, seal: name }, signal }),
  });
}

/** The people of the business (the first 100 admins and the first 100 members). */
export function peopleQuery(api: ApiClient, businessId: string) {
  return queryOptions({
    queryKey: businessKeys.part(businessId, 'people'),
    queryFn: async ({ signal }) => {
      const input = { params: { id: businessId }, query: { page: 1, size: 100 as const }, signal };
      const [admins, members] = await Promise.all([
        api.call(businessEndpoints.listBusinessAdmins, input),
        api.call(businessEndpoints.listBusinessMembers, input),
      ]);
      return [...admins.items, ...members.items];
    },
  });
}

export function verificationQuery(api: ApiClient, businessId: string) {
  return queryOptions({
    queryKey: businessKeys.part(businessId, 'verification'),
    queryFn: ({ signal }) =>
      api.call(businessVerificationEndpoints.getBusinessVerification, { params: { id: businessId }, signal }),
  });
}

/** The last twelve months of the business's activity, for the dashboard's charts. */
export function statisticsQuery(api: ApiClient, businessId: string) {
  return queryOptions({
    queryKey: businessKeys.part(businessId, 'statistics'),
    queryFn: ({ signal }) =>
      api.call(businessActivityEndpoints.getBusinessStatistics, {
        params: { id: businessId },
        query: { months: 12 },
        signal,
      }),
  });
}

export function surveySummaryQuery(api: ApiClient, businessId: string) {
  return queryOptions({
    queryKey: businessKeys.part(businessId, 'survey-summary'),
    queryFn: ({ signal }) =>
      api.call(businessSurveyEndpoints.getSatisfactionSurveySummary, { params: { id: businessId }, signal }),
  });
}

/** The names an admin vouched for (the first 100), for advanced signatures for the business. */
export function vouchedNamesQuery(api: ApiClient, businessId: string) {
  return queryOptions({
    queryKey: businessKeys.part(businessId, 'vouched-names'),
    queryFn: async ({ signal }) =>
      (
        await api.call(businessActivityEndpoints.listVouchedNames, {
          params: { id: businessId },
          query: { page: 1, size: 100 },
          signal,
        })
      ).items,
  });
}

export function aesForBusinessQuery(api: ApiClient, businessId: string) {
  return queryOptions({
    queryKey: businessKeys.part(businessId, 'aes4biz'),
    queryFn: async ({ signal }) =>
      (await api.call(businessActivityEndpoints.getAesForBusiness, { params: { id: businessId }, signal }))
        .aes4biz,
  });
}
