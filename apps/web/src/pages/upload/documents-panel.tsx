// The PDFs of the draft: name and page count, remove one (after asking; the last one too, and the
// draft then waits for another before it can be sent), add more.
import { documentEndpoints } from '@countersign/contract';
import type { SignatureRequest } from '@countersign/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { useDialogs } from '../../features/dialogs/dialog-store.js';
import { DropZone } from './drop-zone.js';

export function DocumentsPanel({
  request,
  isBusy,
  onAddFiles,
  onChanged,
}: {
  request: SignatureRequest;
  isBusy: boolean;
  onAddFiles: (files: File[]) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const id = useId();
  const dialogs = useDialogs();
  // a failure stays in the dialog, which the store keeps open with the error
  const askToRemove = (document: SignatureRequest['documents'][number]) =>
    dialogs.open({
      namespace: 'document',
      name: 'remove-document',
      props: { name: document.fileName },
      onAction: async () => {
        await api.call(documentEndpoints.deleteDocument, { params: { id: document.id } });
        onChanged();
      },
    });
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t('send.documents.heading')}
      </h2>
      {request.documents.length === 0 && <p className="text-sm text-muted">{t('send.errors.noDocuments')}</p>}
      <ul className="flex flex-col divide-y divide-line rounded-md border border-line bg-white empty:hidden">
        {request.documents.map((document) => (
          <li key={document.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
            <span className="min-w-0 flex-1 break-all">
              <span className="font-semibold">{document.fileName}</span>{' '}
              <span className="text-sm text-muted">
                {t('send.documents.pages', { n: document.pageCount })}
              </span>
            </span>
            <Button
              variant="text"
              size="sm"
              disabled={isBusy}
              aria-label={t('send.documents.remove', { name: document.fileName })}
              onClick={() => askToRemove(document)}
            >
              {t('send.recipients.removeShort')}
            </Button>
          </li>
        ))}
      </ul>
      <DropZone label={t('send.documents.add')} onFiles={onAddFiles} isBusy={isBusy} isCompact />
    </section>
  );
}
