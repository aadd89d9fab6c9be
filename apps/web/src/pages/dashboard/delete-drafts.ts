// Deleting drafts from the drafts tab: one or several at once, after the spec's "delete
// documents" question naming them. Each draft goes with its documents (DELETE
// /v3/signature-requests/{id}); the copy this browser kept of it is forgotten too.
import { signatureRequestEndpoints } from '@countersign/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { writeBackup } from '../upload/draft-backup.js';
import { requestListKey } from '../../features/requests/request-queries.js';

export interface DraftRef {
  id: string;
  title: string;
}

/** Asks, then deletes the drafts; `onDeleted` runs once they are gone. */
export function useDeleteDrafts(onDeleted: () => void) {
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const snackbars = useSnackbars();
  const queryClient = useQueryClient();
  return (drafts: readonly DraftRef[]) => {
    if (drafts.length === 0) return;
    dialogs.open({
      namespace: 'default',
      name: 'delete-documents',
      props: { count: drafts.length, titles: drafts.map((d) => d.title).join(', ') },
      onAction: async () => {
        try {
          for (const draft of drafts) {
            await api.call(signatureRequestEndpoints.deleteSignatureRequest, { params: { id: draft.id } });
            writeBackup(draft.id, null);
          }
        } finally {
          // some may be gone even when a later one failed
          await queryClient.invalidateQueries({ queryKey: requestListKey });
        }
        onDeleted();
        snackbars.show({
          message: t('dashboard.drafts.deleted', { count: drafts.length }),
          color: 'success',
        });
      },
    });
  };
}
