// Loads one draft for the upload, invite and send-to screens.
import { signatureRequestEndpoints } from '@countersign/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services.js';
import { draftQueryKey } from './draft-actions.js';

export function useDraft(id: string | null) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const query = {
    queryKey: draftQueryKey(id ?? ''),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.call(signatureRequestEndpoints.getSignatureRequest, { params: { id: id ?? '' }, signal }),
    enabled: id !== null && id !== '',
  };
  // asked for while the screen renders, not after its first paint
  if (query.enabled && !queryClient.getQueryState(query.queryKey)) void queryClient.prefetchQuery(query);
  return useQuery(query);
}
