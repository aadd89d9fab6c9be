// The API users of a business, read through the query cache: the API users page manages them, and
// a seal's page offers them to be assigned to the seal (ADR 061). Changes refresh every business
// query, this one included (`useRefreshBusiness`).
import { apiUserEndpoints } from '@countersign/contract';
import type { ApiUser } from '@countersign/contract';
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';
import { businessQueryKey } from './business-api.js';

export function useApiUsers(businessId: string) {
  const { api } = useServices();
  return useQuery<ApiUser[], ApiError>({
    queryKey: [...businessQueryKey, businessId, 'api-users'],
    queryFn: async ({ signal }) =>
      (await api.call(apiUserEndpoints.listApiUsers, { params: { id: businessId }, signal })).apiUsers,
  });
}
