// Loads one draft for the upload, invite and send-to screens.
import { signatureRequestEndpoints } from '@countersign/contract';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services.js';
import { draftQueryKey } from './draft-actions.js';

export function useDraft(id: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: draftQueryKey(id ?? ''),
    queryFn: ({ signal }) =>
      api.call(signatureRequestEndpoints.getSignatureRequest, { params: { id: id ?? '' }, signal }),
    enabled: id !== null && id !== '',
  });
}
