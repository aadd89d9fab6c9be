// The business of the signed-in admin, read once per screen through the query cache: its id comes
// from the session's user (GET /v1/user names the business), the rest from GET /v1/businesses/{id}.
// Changes invalidate every business query and the user (whose role and business may follow).
import { businessEndpoints } from '@countersign/contract';
import type { Business } from '@countersign/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';
import { useSession, userQueryKey } from '../session/session-provider.js';

export const businessQueryKey = ['business'] as const;

/** The id of the caller's business, or null for an individual user. */
export function useBusinessId(): string | null {
  return useSession().user?.business?.id ?? null;
}

export function useBusiness() {
  const { api } = useServices();
  const id = useBusinessId();
  return useQuery<Business, ApiError>({
    queryKey: [...businessQueryKey, id, 'details'],
    queryFn: ({ signal }) => api.call(businessEndpoints.getBusiness, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}

/** After a change: the business's lists and details load again, and so does the user. */
export function useRefreshBusiness(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: businessQueryKey }),
      queryClient.invalidateQueries({ queryKey: userQueryKey }),
    ]);
  }, [queryClient]);
}
