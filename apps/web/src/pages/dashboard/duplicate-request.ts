// Duplicating a request of one's own (POST /v3/signature-requests/{id}/duplicate): the copy is a
// new draft with the same documents, recipients and fields, opened on the upload screen to be
// checked and sent.
import { signatureRequestEndpoints } from '@countersign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { requestListKey } from '../../features/requests/request-queries.js';

export function useDuplicateRequest() {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const snackbars = useSnackbars();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.call(signatureRequestEndpoints.duplicateSignatureRequest, { params: { id } }),
    onSuccess: async (copy) => {
      await queryClient.invalidateQueries({ queryKey: requestListKey });
      snackbars.show({ message: t('dashboard.duplicate.done'), color: 'success' });
      void navigate(`/upload?draft=${encodeURIComponent(copy.id)}`);
    },
    onError: (error) => snackbars.show({ message: t(describeApiError(error)), color: 'error' }),
  });
}
