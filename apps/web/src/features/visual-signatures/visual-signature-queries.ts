// The signed-in person's visual signatures as query options (one factory per read, as
// bulletproof-react's `get-discussions.ts`): the profile page and the sign view read and update
// the same cache entries through them.
import { visualSignatureEndpoints } from '@countersign/contract';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.js';

export const visualSignatureKeys = {
  list: ['visual-signatures'] as const,
  fallback: ['visual-signature-default'] as const,
};

export function visualSignaturesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: visualSignatureKeys.list,
    queryFn: ({ signal }) => api.call(visualSignatureEndpoints.listVisualSignatures, { signal }),
  });
}

/** The signature drawn from the person's name, offered when they make a new one. */
export function defaultVisualSignatureQuery(api: ApiClient) {
  return queryOptions({
    queryKey: visualSignatureKeys.fallback,
    queryFn: ({ signal }) => api.call(visualSignatureEndpoints.getDefaultVisualSignature, { signal }),
  });
}
